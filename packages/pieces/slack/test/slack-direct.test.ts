import { afterEach, expect, it, vi } from 'vitest'
import { buildConfig, ConfigError } from 'frogbot'
import { colorQuestion, createTestToken, createTestUser, describeEachDatabase, scriptedModel, serveFrogbot, textStep, toolStep } from 'frogbot/testing'
import { question } from 'frogbot/tools'
import { createSlack } from '../src/index.ts'
import { ADA, BOB, standIn } from './slack-kit.ts'
import { blockActions, messageEvent, SIGNING_SECRET, signed } from './slack-requests.ts'
import { BOT_USER_ID } from './slack-stand-in.ts'

// notify.pieces (docs/chat/reach-people.md "In a direct message"): an assignee known in Slack gets
// the question's own card in a direct message (users.lookupByEmail, conversations.open), answers
// it there through the ordinary card path and the one settle door, and every card of the call is
// replaced once. Reminders are one message in that conversation, once. A SQLite file and PostgreSQL.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const ROOT = '1800000000.000100'
const FORM = 'application/x-www-form-urlencoded'
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 10_000, interval: 20 })
const askColor = () => toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Which color?')

describeEachDatabase('Slack direct messages to assignees', (fresh) => {
  /** FrogBot with the planner (its questions ask Bob and Dana, whom Slack does not know) on a Slack stand-in, notices through it; a clock tests move. */
  async function start() {
    const database = await fresh()
    const slack = await standIn()
    let offsetMs = 0
    const piece = createSlack({ botToken: 'xoxb-test-token', signingSecret: SIGNING_SECRET, apiUrl: slack.url, env: {} })
    const config = buildConfig({
      agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece], questions: { assignees: ['bob@example.com', 'dana@example.com'] } }],
      db: database.adapter(),
      notify: { pieces: ['slack'], remind: ['15m'], escalate: { after: '1h', to: [ADA.email] } }
    })
    const served = await serveFrogbot({ config, model: scriptedModel([askColor(), textStep('Blue it is.')]), options: { now: () => new Date(Date.now() + offsetMs) } })
    open.push({ close: async () => (await served.close(), await slack.close(), await database.drop()) })
    const ada = await createTestUser(served.frogbot, { email: ADA.email })
    const bob = await createTestUser(served.frogbot, { email: BOB.email })
    const deliver = async (request: { body: string; headers: Record<string, string> }) => {
      const answer = await served.post('/api/webhooks/slack', request)
      await piece.idle()
      return answer
    }
    const directCards = (who = BOB) => slack.cards().filter((card) => card.channel === `D${who.id}`)
    const directMessages = () => slack.callsTo('chat.postMessage').filter((call) => call.args.channel === `D${BOB.id}` && !call.args.blocks)
    return { served, slack, ada, bob, token: await createTestToken(served.frogbot, { user: ada }), deliver, directCards, directMessages, advance: (ms: number) => void (offsetMs += ms) }
  }

  it("Bob, asked in Ada's web chat, gets the card in a direct message, is reminded there once; the escalation sends Ada hers; Bob answers in his, the chat goes on and both cards are replaced once", async () => {
    const { served, slack, bob, token, deliver, directCards, directMessages, advance } = await start()
    const asked = await served.http('POST', '/api/agents/planner', { prompt: 'Pick a color' }, { token })
    expect(asked.json.pending).toMatchObject([{ toolCallId: 'call_q', assignees: ['bob@example.com', 'dana@example.com'] }])
    const chatId = asked.json.chatId as string

    const card = await eventually(() => {
      expect(directCards()).toHaveLength(1)
      return directCards()[0]
    })
    expect(card.text).toContain('Which color?')
    expect(card.text).toContain('Waiting for Bob and Dana')
    await eventually(() => expect(slack.callsTo('users.lookupByEmail').map((call) => call.args.email).sort()).toEqual(['bob@example.com', 'dana@example.com']))
    expect(slack.callsTo('conversations.open').map((call) => call.args.users)).toEqual([BOB.id])

    // Fifteen minutes on, the sweep reminds Bob once, in the same conversation.
    advance(16 * 60_000)
    expect((await served.frogbot.maintain()).notices).toBe(1)
    expect((await served.frogbot.maintain()).notices).toBe(0)
    await eventually(() => expect(directMessages().map((call) => call.args.markdown_text ?? call.args.text)).toEqual(['Reminder: the question above still waits for an answer.']))
    expect(directCards()).toHaveLength(1)

    // An hour on, the escalation asks Ada too: her own direct card says so.
    advance(44 * 60_000)
    expect((await served.frogbot.maintain()).notices).toBe(1)
    const escalated = await eventually(() => {
      expect(directCards(ADA)).toHaveLength(1)
      return directCards(ADA)[0]
    })
    expect(escalated.text).toContain('Escalated to ada@example.com after 1 h')
    expect(directCards()).toHaveLength(1)

    const click = blockActions({ user: { id: BOB.id, name: BOB.name }, action: { action_id: 'frogbot_option_1', value: '1' }, channel: `D${BOB.id}`, messageTs: card.ts })
    expect((await deliver(signed(click, { contentType: FORM }))).status).toBe(200)
    const read = await eventually(async () => {
      const [chat] = (await served.chats()).filter((entry) => entry.chat.id === chatId)
      expect(chat.messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'Blue it is.' }))
      return chat
    })
    const settled = read.messages.flatMap((message) => message.settlements)
    expect(settled).toMatchObject([{ toolCallId: 'call_q', outcome: 'answered', by: { channel: { piece: 'slack', userId: BOB.id }, userId: bob.id } }])
    await eventually(() => expect(slack.updatesOf(card.ts)).toHaveLength(1))
    expect(slack.updatesOf(card.ts)[0].text).toContain('Blue')
    await eventually(() => expect(slack.updatesOf(escalated.ts)).toHaveLength(1))

    // A second click on the replaced card changes nothing, and the card is not replaced again.
    await deliver(signed(click, { contentType: FORM }))
    expect(slack.updatesOf(card.ts)).toHaveLength(1)
    expect(slack.updatesOf(escalated.ts)).toHaveLength(1)
    expect((await served.chats()).find((entry) => entry.chat.id === chatId)!.messages.flatMap((message) => message.settlements)).toHaveLength(1)
    expect(served.logs).toEqual([])
  }, 30_000)

  it("Ada answers on the web; Bob's direct card, whose replacement Slack refused, is replaced when he clicks it, and he is told who answered", async () => {
    const { served, slack, token, deliver, directCards } = await start()
    const asked = await served.http('POST', '/api/agents/planner', { prompt: 'Pick a color' }, { token })
    const chatId = asked.json.chatId as string
    const card = await eventually(() => {
      expect(directCards()).toHaveLength(1)
      return directCards()[0]
    })
    slack.failNext('chat.update', 'internal_error', (args) => args.ts === card.ts)
    const settled = await served.http('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } }, { token })
    expect(settled.status).toBe(200)
    await eventually(() => expect(served.takeLogs(/could not replace the card of call call_q/)).toHaveLength(1))
    const updated = () => slack.callsTo('chat.update').filter((call) => call.args.ts === card.ts && call.result.ok)
    expect(updated()).toHaveLength(0)

    await deliver(signed(blockActions({ user: { id: BOB.id, name: BOB.name }, action: { action_id: 'frogbot_option_0', value: '0' }, channel: `D${BOB.id}`, messageTs: card.ts }), { contentType: FORM }))
    await eventually(() => expect(slack.ephemerals().map((notice) => notice.text)).toContainEqual(expect.stringMatching(/^This question was already answered/)))
    await eventually(() => expect(updated()).toHaveLength(1))
    expect(updated()[0].args.text).toContain('Blue')
    expect((await served.chats()).find((entry) => entry.chat.id === chatId)!.messages.flatMap((message) => message.settlements)).toHaveLength(1)
    expect(served.logs).toEqual([])
  }, 30_000)

  it("in a Slack thread, Bob answers in his direct message: the thread's card and his are each replaced once, and the reply goes on in the thread", async () => {
    const { served, slack, deliver, directCards } = await start()
    await deliver(signed(messageEvent({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT }), { contentType: 'application/json' }))
    const threadCard = await eventually(() => {
      const [found] = slack.cards().filter((card) => card.channel === 'CGENERAL')
      expect(found).toBeDefined()
      return found
    })
    const card = await eventually(() => {
      expect(directCards()).toHaveLength(1)
      return directCards()[0]
    })
    expect(threadCard.text).toContain('Waiting for Bob and Dana')

    await deliver(signed(blockActions({ user: { id: BOB.id, name: BOB.name }, action: { action_id: 'frogbot_option_1', value: '1' }, channel: `D${BOB.id}`, messageTs: card.ts }), { contentType: FORM }))
    await eventually(() => expect(slack.replies().map((reply) => reply.text)).toContain('Blue it is.'))
    await eventually(() => expect(slack.updatesOf(card.ts)).toHaveLength(1))
    await eventually(() => expect(slack.updatesOf(threadCard.ts)).toHaveLength(1))
    expect(slack.updatesOf(threadCard.ts)[0].text).toContain('Blue')
    expect(slack.replies().find((reply) => reply.text === 'Blue it is.')?.threadTs).toBe(ROOT)
    expect(served.logs).toEqual([])
  }, 30_000)
})

it('notify.pieces names pieces an agent lists that can send direct messages: an unknown name is a ConfigError naming it', () => {
  const piece = createSlack({ botToken: 'xoxb-test-token', signingSecret: SIGNING_SECRET, env: {} })
  const config = (pieces: unknown[]) => buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question], channels: [piece] }], notify: { pieces: pieces as string[] } })
  expect(() => config(['slack-main'])).toThrow(ConfigError)
  expect(() => config(['slack-main'])).toThrow(/notify\.pieces\[0\]: "slack-main" is no piece instance listed in an agent's channels; the pieces that can are "slack"/)
  expect(() => config(['slack', 'slack'])).toThrow(/notify\.pieces\[1\]: "slack" is listed twice/)
  expect(() => config(['slack'])).not.toThrow()
})
