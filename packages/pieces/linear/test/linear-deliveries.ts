import { createHmac, randomUUID } from 'node:crypto'
import type { LinearAccount, LinearStandIn, StandInSession } from './linear-stand-in.ts'

export const WEBHOOK_SECRET = 'lin_wh_test_secret_0123456789'

/** A request as Linear delivers it to a webhook: the raw JSON body and its headers. */
export type LinearDelivery = { body: string; headers: Record<string, string> }

/**
 * A delivery of `payload` as Linear sends it ("Webhooks", linear.app/developers/webhooks):
 * `Linear-Event`, a new `Linear-Delivery` id, and `Linear-Signature`, the hex HMAC-SHA256 of the
 * raw body with the webhook's signing secret; `webhookTimestamp` (ms) inside the body.
 */
export function delivery(payload: Record<string, unknown> | string, { secret = WEBHOOK_SECRET, id = randomUUID(), event = 'AgentSessionEvent' }: { secret?: string; id?: string; event?: string } = {}): LinearDelivery {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload)
  return {
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Linear-Webhook',
      'linear-event': event,
      'linear-delivery': id,
      'linear-signature': createHmac('sha256', secret).update(body).digest('hex')
    }
  }
}

/** The same body signed with `secret` (a forgery, when it is not the webhook's). */
export const resigned = (sent: LinearDelivery, secret: string): LinearDelivery => ({ ...sent, headers: { ...sent.headers, 'linear-signature': createHmac('sha256', secret).update(sent.body).digest('hex') } })

const user = (account: LinearAccount) => ({ id: account.id, name: account.name, email: account.email, url: `https://linear.app/acme/profiles/${account.username}`, avatarUrl: null })

/** The session as an `AgentSessionEvent` payload carries it. */
const sessionPayload = (linear: LinearStandIn, session: StandInSession) => ({
  id: session.id,
  appUserId: linear.app.id,
  issueId: session.issueId,
  issue: { id: session.issueId, identifier: 'ENG-1', title: 'Paint the shed' },
  comment: session.comment,
  creator: user(session.creator),
  status: session.state,
  url: `https://linear.app/acme/issue/ENG-1#agent-session-${session.id}`
})

const base = (linear: LinearStandIn, now: number) => ({
  type: 'AgentSessionEvent',
  organizationId: linear.organizationId,
  oauthClientId: 'oauth-client-1',
  appUserId: linear.app.id,
  createdAt: new Date(now).toISOString(),
  webhookId: 'webhook-1',
  webhookTimestamp: now
})

/** `creator` mentions the app on issue `issueId` with `body` (or delegates the issue): the session is opened on the stand-in and Linear's `created` event returned. */
export function sessionCreated(linear: LinearStandIn, { issueId, creator, body, now = Date.now(), secret }: { issueId: string; creator: LinearAccount; body: string; now?: number; secret?: string }) {
  const session = linear.openSession(issueId, creator, body)
  return { session, delivery: delivery({ ...base(linear, now), action: 'created', agentSession: sessionPayload(linear, session), promptContext: `<issue identifier="ENG-1"><title>Paint the shed</title></issue>\n<user>${creator.name}</user>: ${body}` }, { secret }) }
}

/** `by` writes `body` in `session` (a pick of the `select` signal is its value), or sends `signal` (`stop`): Linear's `prompted` event. */
export function prompted(linear: LinearStandIn, { session, by, body, signal, now = Date.now(), secret }: { session: StandInSession; by: LinearAccount; body: string; signal?: string; now?: number; secret?: string }) {
  const activity = { id: randomUUID(), agentSessionId: session.id, content: { type: 'prompt', body }, ...(signal ? { signal } : {}), user: user(by), userId: by.id, sourceCommentId: randomUUID(), createdAt: new Date(now).toISOString() }
  return delivery({ ...base(linear, now), action: 'prompted', agentSession: sessionPayload(linear, session), agentActivity: activity }, { secret })
}
