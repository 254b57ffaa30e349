import { pieceContract } from 'frogbot/testing'
import { APPROVAL_ACTIONS, fieldInput, REASON_INPUT } from '../src/approval-card.ts'
import { createMicrosoftTeams } from '../src/index.ts'
import { APP_ID, APP_PASSWORD, signedJwt, signingKey } from './bot-framework-keys.ts'
import { delivery, inThread, messageActivity, nextId, submitActivity } from './teams-activities.ts'
import { ADA, BOB, EVE } from './teams-people.ts'
import { type TeamsStandIn, teamsStandIn } from './teams-stand-in.ts'

// The suite every piece runs, against the Teams stand-in: activities with Bot Framework tokens
// signed by the test's key in, the Bot Connector API recorded out.

const person = ({ id, name, email }: typeof ADA) => ({ userId: id, name, email })
const people = { ada: person(ADA), bob: person(BOB), eve: person(EVE) }
const users = [ADA, BOB, EVE]
const userOf = (who: { userId: string }) => users.find((user) => user.id === who.userId)!

/** The root post of each conversation of a stand-in, by the suite's name for it. */
const roots = new WeakMap<TeamsStandIn, Map<string, string>>()
const rootOf = (standIn: TeamsStandIn, thread: string) => {
  const known = roots.get(standIn) ?? new Map<string, string>()
  roots.set(standIn, known)
  if (!known.has(thread)) known.set(thread, nextId())
  return known.get(thread)!
}
const nameOf = (standIn: TeamsStandIn, conversationId: string) => [...(roots.get(standIn) ?? new Map<string, string>())].find(([, root]) => inThread(root).conversationId === conversationId)?.[0] ?? conversationId

/** The stand-in of the running test (a replay signed anew needs its keys). */
let current: TeamsStandIn

/** A key the Bot Framework never listed. */
const foreignKey = signingKey()

pieceContract<TeamsStandIn>({
  name: 'Microsoft Teams',
  people,
  standIn: async () => (current = await teamsStandIn({ users })),
  piece: (standIn, { now }) => createMicrosoftTeams({ appId: APP_ID, appPassword: APP_PASSWORD, apiUrl: standIn.url, openIdMetadataUrl: standIn.openIdMetadataUrl, tokenUrl: standIn.tokenUrl, env: {}, now }),
  say: (standIn, { who, text, thread, first, now }) => {
    const root = rootOf(standIn, thread)
    return delivery(standIn, messageActivity(standIn, { from: userOf(who), text, where: inThread(root), ...(first ? { id: root } : {}) }), { now })
  },
  answer: (standIn, { who, card, label, now }) => {
    const posted = standIn.cards().find((drawn) => drawn.id === card.id)!
    const choices = posted.card.body.find((element: any) => element.id === 'q0').choices as { title: string; value: string }[]
    const value = { actionId: 'frogbot_submit', q0: choices.find((choice) => choice.title === label)!.value }
    return delivery(standIn, submitActivity(standIn, { from: userOf(who), card: card.id, where: { conversationId: posted.conversationId, conversationType: 'channel' }, value }), { now })
  },
  decide: (standIn, { who, card, press, now }) => {
    const posted = standIn.cards().find((drawn) => drawn.id === card.id)!
    const value =
      press.kind === 'approve'
        ? { actionId: APPROVAL_ACTIONS.approve }
        : press.kind === 'deny'
          ? { actionId: APPROVAL_ACTIONS.deny, [REASON_INPUT]: press.reason ?? '' }
          : { actionId: APPROVAL_ACTIONS.edit, ...Object.fromEntries(Object.values(press.input as Record<string, unknown>).map((field, index) => [fieldInput(index), typeof field === 'string' ? field : JSON.stringify(field)])) }
    return [delivery(standIn, submitActivity(standIn, { from: userOf(who), card: card.id, where: { conversationId: posted.conversationId, conversationType: 'channel' }, value }), { now })]
  },
  cards: (standIn) => standIn.cards().map((card) => ({ id: card.id, thread: nameOf(standIn, card.conversationId), text: card.summary })),
  replacements: (standIn, card) => standIn.updatesOf(card.id).map((update) => update.text),
  notices: (standIn) => standIn.targeted().map(({ to, text }) => ({ to, text })),
  replies: (standIn) => standIn.messages().map((message) => ({ thread: nameOf(standIn, message.conversationId), text: message.text })),
  apiCalls: (standIn) => standIn.calls.length + standIn.counts.tokenRequests,
  nameOf: (who) => who.name,
  forge: (delivered) => {
    const { serviceUrl } = JSON.parse(delivered.body) as { serviceUrl: string }
    const now = Math.floor(Date.now() / 1000)
    const token = signedJwt({ alg: 'RS256', kid: foreignKey.kid, typ: 'JWT' }, { iss: 'https://api.botframework.com', aud: APP_ID, serviceurl: serviceUrl, iat: now, nbf: now, exp: now + 3600 }, foreignKey.privateKey)
    return { ...delivered, headers: { ...delivered.headers, authorization: `Bearer ${token}` } }
  },
  // A Bot Framework token carries no time of the request (the service reuses it for an hour), so a
  // delivery is known by its activity; expired tokens are refused (the webhook's own tests).
  freshness: false,
  // The same activity again: as it was, re-encoded, with a fresh token, with the scheme in lower case.
  replays: (delivered) => {
    const activity = JSON.parse(delivered.body) as { serviceUrl: string }
    return [
      delivered,
      { ...delivered, body: JSON.stringify(activity, null, 2) },
      delivery(current, activity),
      { ...delivered, headers: { ...delivered.headers, authorization: delivered.headers.authorization.replace(/^Bearer/, 'bearer') } }
    ]
  },
  failNextCard: (standIn) => standIn.failNext(502, 'BadGateway', (call) => call.method === 'POST' && Boolean(call.body?.attachments?.length))
})
