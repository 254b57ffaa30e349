import { createHmac } from 'node:crypto'
import { signedDeliveries } from 'frogbot/testing'
import { BOT_USER_ID, TEAM_ID } from './slack-stand-in.ts'

export const SIGNING_SECRET = 'test-signing-secret-0123456789'

/** Slack's signature headers of `body` at `now` (ms): `v0=` HMAC-SHA256 of `v0:<timestamp>:<body>` with the signing secret. */
const slackSignature = signedDeliveries<string>({
  key: SIGNING_SECRET,
  sign: (body, secret, now) => {
    const timestamp = Math.floor(now / 1000)
    return { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}` }
  }
})

/** A body as Slack sends it, with Slack's signature headers (another `secret` forges it, another `timestamp`, in seconds, makes it stale). */
export function signed(body: string, { contentType, secret = SIGNING_SECRET, timestamp = Math.floor(Date.now() / 1000) }: { contentType: string; secret?: string; timestamp?: number }) {
  return slackSignature(body, { key: secret, now: timestamp * 1000, headers: { 'content-type': contentType } })
}

let eventCount = 0

/**
 * An Events API delivery of a message: an `app_mention` when `text` mentions the bot in a channel,
 * a direct message in a `D…` channel, else a plain message (`thread_ts` for a reply in a thread).
 */
export function messageEvent({ user, text, channel = 'CGENERAL', ts, threadTs }: { user: string; text: string; channel?: string; ts: string; threadTs?: string }): string {
  const direct = channel.startsWith('D')
  const mention = !direct && text.includes(`<@${BOT_USER_ID}>`) && !threadTs
  const event = {
    type: mention ? 'app_mention' : 'message',
    user,
    text,
    ts,
    channel,
    team: TEAM_ID,
    event_ts: ts,
    ...(threadTs ? { thread_ts: threadTs } : {}),
    ...(mention ? {} : { channel_type: direct ? 'im' : 'channel' })
  }
  return JSON.stringify({ token: 'unused', team_id: TEAM_ID, api_app_id: 'AFROGBOT', type: 'event_callback', event_id: `Ev${++eventCount}`, event_time: Math.floor(Date.now() / 1000), event })
}

/** An interaction payload as Slack posts it: form-encoded `payload=<JSON>`. */
const interaction = (payload: unknown) => `payload=${encodeURIComponent(JSON.stringify(payload))}`

/** A `block_actions` delivery: `user` clicked `action` on the card `messageTs` in `channel` (thread `threadTs`), with the card's element `values`. */
export function blockActions({
  user,
  action,
  channel = 'CGENERAL',
  messageTs,
  threadTs,
  values = {}
}: {
  user: { id: string; name: string }
  action: Record<string, unknown> & { action_id: string }
  channel?: string
  messageTs: string
  threadTs?: string
  values?: Record<string, Record<string, unknown>>
}): string {
  return interaction({
    type: 'block_actions',
    user: { id: user.id, username: user.name, name: user.name, team_id: TEAM_ID },
    api_app_id: 'AFROGBOT',
    team: { id: TEAM_ID },
    trigger_id: `trigger-${user.id}-${messageTs}`,
    container: { type: 'message', message_ts: messageTs, channel_id: channel, is_ephemeral: false, ...(threadTs ? { thread_ts: threadTs } : {}) },
    channel: { id: channel, name: 'general' },
    message: { type: 'message', ts: messageTs, ...(threadTs ? { thread_ts: threadTs } : {}) },
    state: { values },
    response_url: `https://hooks.slack.invalid/actions/${messageTs}`,
    actions: [{ block_id: 'b', action_ts: `${Date.now() / 1000}`, type: 'button', ...action }]
  })
}

/** A `view_submission` delivery of a modal with `privateMetadata` and its input `values`. */
export function viewSubmission({ user, callbackId, privateMetadata, values }: { user: { id: string; name: string }; callbackId: string; privateMetadata: string; values: Record<string, Record<string, unknown>> }): string {
  return interaction({
    type: 'view_submission',
    user: { id: user.id, username: user.name, name: user.name, team_id: TEAM_ID },
    team: { id: TEAM_ID },
    api_app_id: 'AFROGBOT',
    trigger_id: `trigger-view-${user.id}`,
    view: { id: 'VMODAL', type: 'modal', callback_id: callbackId, private_metadata: privateMetadata, state: { values } }
  })
}
