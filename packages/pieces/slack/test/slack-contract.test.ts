import { pieceContract } from 'frogbot/testing'
import { createSlack } from '../src/index.ts'
import { APPROVAL_ACTIONS, APPROVAL_MODALS, fieldBlock, REASON_BLOCK } from '../src/approval-card.ts'
import { blockActions, messageEvent, SIGNING_SECRET, signed, viewSubmission } from './slack-requests.ts'
import { BOT_USER_ID, type SlackStandIn, slackStandIn } from './slack-stand-in.ts'

// The suite every piece runs, against the Slack stand-in: Events and Interactivity requests signed
// with the test's signing secret in, Slack's Web API recorded out.

const people = {
  ada: { userId: 'UADA', name: 'ada', email: 'ada@example.com' },
  bob: { userId: 'UBOB', name: 'bob', email: 'bob@example.com' },
  eve: { userId: 'UEVE', name: 'eve', email: 'eve@elsewhere.example' }
}

/** The root message `ts` of each conversation of a stand-in, by the suite's name for it. */
const roots = new WeakMap<SlackStandIn, Map<string, string>>()
let messages = 0
const nextTs = () => `${1_800_000_000 + ++messages}.000100`
const rootOf = (standIn: SlackStandIn, thread: string) => {
  const known = roots.get(standIn) ?? new Map<string, string>()
  roots.set(standIn, known)
  if (!known.has(thread)) known.set(thread, nextTs())
  return known.get(thread)!
}
const nameOf = (standIn: SlackStandIn, threadTs: string | undefined) => [...(roots.get(standIn) ?? new Map<string, string>())].find(([, ts]) => ts === threadTs)?.[0] ?? String(threadTs)
const FORM = 'application/x-www-form-urlencoded'
const timestampOf = (headers: Record<string, string>) => Number(headers['x-slack-request-timestamp'])

pieceContract<SlackStandIn>({
  name: 'Slack',
  people,
  standIn: () => slackStandIn({ users: Object.values(people).map(({ userId, name, email }) => ({ id: userId, name, email })) }),
  piece: (standIn, { now }) => createSlack({ botToken: 'xoxb-test-token', signingSecret: SIGNING_SECRET, apiUrl: standIn.url, env: {}, now }),
  say: (standIn, { who, text, thread, first, now }) => {
    const root = rootOf(standIn, thread)
    const event = first ? messageEvent({ user: who.userId, text: `<@${BOT_USER_ID}> ${text}`, ts: root }) : messageEvent({ user: who.userId, text, ts: nextTs(), threadTs: root })
    return signed(event, { contentType: 'application/json', timestamp: Math.floor(now / 1000) })
  },
  answer: (standIn, { who, card, label, now }) => {
    const posted = standIn.cards().find((drawn) => drawn.ts === card.id)!
    const button = posted.blocks.flatMap((block) => block.elements ?? []).find((element) => element.text?.text === label)
    const body = blockActions({ user: { id: who.userId, name: who.name }, action: { action_id: button.action_id, value: button.value }, messageTs: card.id, threadTs: rootOf(standIn, card.thread) })
    return signed(body, { contentType: FORM, timestamp: Math.floor(now / 1000) })
  },
  cards: (standIn) =>
    standIn
      .callsTo('chat.postMessage')
      .filter((call) => call.result.ok && call.args.blocks)
      .map((call) => ({ id: call.result.ts as string, thread: nameOf(standIn, call.args.thread_ts), text: call.args.text as string })),
  replacements: (standIn, card) => standIn.updatesOf(card.id).map((update) => update.text),
  notices: (standIn) => standIn.ephemerals().map((notice) => ({ to: notice.user, text: notice.text })),
  replies: (standIn) => standIn.replies().map((reply) => ({ thread: nameOf(standIn, reply.threadTs), text: reply.text })),
  apiCalls: (standIn) => standIn.calls.length,
  nameOf: (who) => `<@${who.userId}>`,
  forge: (delivery) => signed(delivery.body, { contentType: delivery.headers['content-type'], timestamp: timestampOf(delivery.headers), secret: 'not-the-signing-secret' }),
  // Slack's check accepts the signature's digest in any letter case: a replay so written is refused too.
  replays: (delivery) => {
    const [, hex] = delivery.headers['x-slack-signature'].split('=')
    return [delivery, { ...delivery, headers: { ...delivery.headers, 'x-slack-signature': `v0=${hex.toUpperCase()}` } }]
  },
  decide: (standIn, { who, card, press, now }) => {
    const user = { id: who.userId, name: who.name }
    const sign = (body: string) => signed(body, { contentType: FORM, timestamp: Math.floor(now / 1000) })
    const click = (action_id: string) => sign(blockActions({ user, action: { action_id, value: action_id }, messageTs: card.id, threadTs: rootOf(standIn, card.thread) }))
    const privateMetadata = JSON.stringify({ m: `CGENERAL:${card.id}` })
    if (press.kind === 'approve') return [click(APPROVAL_ACTIONS.approve)]
    if (press.kind === 'deny') {
      const values = { [REASON_BLOCK]: { value: { type: 'plain_text_input', value: press.reason ?? null } } }
      return [click(APPROVAL_ACTIONS.deny), sign(viewSubmission({ user, callbackId: APPROVAL_MODALS.deny, privateMetadata, values }))]
    }
    const values = Object.fromEntries(Object.entries(press.input as Record<string, unknown>).map(([, value], index) => [fieldBlock(index), { value: { type: 'plain_text_input', value: typeof value === 'string' ? value : JSON.stringify(value) } }]))
    return [click(APPROVAL_ACTIONS.edit), sign(viewSubmission({ user, callbackId: APPROVAL_MODALS.edit, privateMetadata, values }))]
  },
  failNextCard: (standIn) => standIn.failNext('chat.postMessage', 'internal_error', (args) => Boolean(args.blocks))
})
