import { pieceContract } from 'frogbot/testing'
import { APPROVAL_IDS } from '../src/approval-card.ts'
import { createDiscord } from '../src/index.ts'
import { componentsOf } from './discord-message-rules.ts'
import { ADA, BOB, EVE } from './discord-people.ts'
import { componentInteraction, FOREIGN_KEYS, forwardedMessage, KEYS, signedInteraction } from './discord-requests.ts'
import { APPLICATION_ID, BOT_TOKEN, CHANNEL_ID, type DiscordStandIn, discordStandIn, nextId } from './discord-stand-in.ts'

// The suite every piece runs, against the Discord stand-in: messages forwarded from the Gateway
// with the bot token and clicks signed with the test's Ed25519 key in, Discord's REST API recorded out.

const everyone = [ADA, BOB, EVE]
const person = (who: typeof ADA) => ({ userId: who.id, name: who.globalName })
const people = { ada: person(ADA), bob: person(BOB), eve: person(EVE) }
const discordPerson = (who: { userId: string }) => everyone.find((candidate) => candidate.id === who.userId)!

/** The first message of each conversation of a stand-in (its thread's id), by the suite's name for it. */
const roots = new WeakMap<DiscordStandIn, Map<string, string>>()
const rootOf = (standIn: DiscordStandIn, thread: string) => {
  const known = roots.get(standIn) ?? new Map<string, string>()
  roots.set(standIn, known)
  if (!known.has(thread)) known.set(thread, nextId())
  return known.get(thread)!
}
const nameOf = (standIn: DiscordStandIn, channelId: string) => [...(roots.get(standIn) ?? new Map<string, string>())].find(([, root]) => root === channelId)?.[0] ?? channelId

pieceContract<DiscordStandIn>({
  name: 'Discord',
  people,
  standIn: () => discordStandIn(),
  piece: (standIn, { now }) => createDiscord({ applicationId: APPLICATION_ID, publicKey: KEYS.publicKey, botToken: BOT_TOKEN, apiUrl: standIn.url, env: {}, now }),
  say: (standIn, { who, text, thread, first, now }) => {
    const root = rootOf(standIn, thread)
    return first
      ? forwardedMessage({ who: discordPerson(who), text, where: { channel: CHANNEL_ID }, mention: true, id: root }, { now })
      : forwardedMessage({ who: discordPerson(who), text, where: { thread: root } }, { now })
  },
  answer: (standIn, { who, card, label, now }) => {
    const posted = standIn.cards().find((drawn) => drawn.id === card.id)!
    const control = componentsOf(posted.body).find((component) => component.type === 2 && component.label === label)!
    return signedInteraction(componentInteraction({ who: discordPerson(who), customId: control.custom_id, messageId: card.id, where: { thread: posted.channelId } }), { now })
  },
  decide: (standIn, { who, card, press, now }) => {
    const posted = standIn.cards().find((drawn) => drawn.id === card.id)!
    if (press.kind === 'approve' || (press.kind === 'deny' && !press.reason)) {
      const customId = press.kind === 'approve' ? APPROVAL_IDS.approve : APPROVAL_IDS.deny
      return [signedInteraction(componentInteraction({ who: discordPerson(who), customId, messageId: card.id, where: { thread: posted.channelId } }), { now })]
    }
    const text = press.kind === 'deny' ? `/deny ${press.reason}` : `/approve ${JSON.stringify(press.input)}`
    return [forwardedMessage({ who: discordPerson(who), text, where: { thread: posted.channelId } }, { now })]
  },
  cards: (standIn) => standIn.cards().map((card) => ({ id: card.id, thread: nameOf(standIn, card.channelId), text: card.text })),
  replacements: (standIn, card) => standIn.editsOf(card.id).map((edit) => edit.text),
  notices: (standIn) =>
    standIn
      .messages()
      .map((message) => /^<@(\d+)> ([\s\S]*)$/.exec(message.text))
      .filter((match) => match !== null)
      .map(([, to, text]) => ({ to, text })),
  replies: (standIn) => standIn.messages().filter((message) => !message.text.startsWith('<@')).map((message) => ({ thread: nameOf(standIn, message.channelId), text: message.text })),
  apiCalls: (standIn) => standIn.calls.length,
  nameOf: (who) => `${who.name} (@${discordPerson(who).username})`,
  forge: (delivered) => (delivered.headers['x-discord-gateway-token'] ? { ...delivered, headers: { ...delivered.headers, 'x-discord-gateway-token': 'not-the-bot-token' } } : signedInteraction(delivered.body, { key: FOREIGN_KEYS.privateKey })),
  // The same message again: as it was, re-encoded, and forwarded anew (another listener, later).
  replays: (delivered) => {
    const event = JSON.parse(delivered.body) as { timestamp: number }
    return [delivered, { ...delivered, body: JSON.stringify(event, null, 2) }, { ...delivered, body: JSON.stringify({ ...event, timestamp: event.timestamp + 1000 }) }]
  },
  failNextCard: (standIn) => standIn.failNext(500, 0, (call) => call.method === "POST" && Array.isArray(call.body?.components) && call.body.components.length > 0)
})
