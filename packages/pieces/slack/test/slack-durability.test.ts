import { join } from 'node:path'
import { type DatabaseAdapter, postgresAdapter, sqliteAdapter } from 'frogbot'
import { REDRAW_EVERY_MS } from 'frogbot/channels'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, describePostgres, type TestDatabase, colorQuestion, scriptedModel, textStep, toolStep, tempDir } from 'frogbot/testing'
import { ADA, BOB, slackKit, standIn } from './slack-kit.ts'
import { BOT_USER_ID } from './slack-stand-in.ts'

// What must hold across processes and restarts, on SQLite and PostgreSQL: Chat SDK's state and
// the question cards live in FrogBot's database, and the first answer wins through the one settle
// door however many servers receive clicks at once.

const ROOT = '1800000000.000100'
/** The question alone, without text: its card is the first message the piece posts. */
const askQuietly = () => toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }])
const askColor = () => toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Which color?')
const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

/**
 * `fresh()` makes a new empty database for one test (its cleanup is queued first) and returns how
 * to connect to it. `startsAtOnce`: whether several servers of this one process can start at once
 * (not on SQLite, whose driver blocks the whole process while another server holds the file's
 * migration lock: they start one after the other, their rescans still running together).
 */
function durability(fresh: () => Promise<() => DatabaseAdapter>, { startsAtOnce }: { startsAtOnce: boolean }) {
  it('a restart between the question and the click loses nothing: the click answers, the card is replaced, the thread goes on', async () => {
    const database = await fresh()
    const slack = await standIn()
    open.push(slack)
    const before = await slackKit({ model: scriptedModel([askColor()]), slack, db: database() })
    await before.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const [card] = slack.cards()
    await before.close()

    const model = scriptedModel([textStep('Blue it is.'), textStep('The fence too.')])
    const after = await slackKit({ model, slack, db: database() })
    open.push(after)
    await after.click({ user: BOB, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT })
    expect(slack.updatesOf(card.ts)).toEqual([expect.objectContaining({ text: `Answered by <@${BOB.id}>: Color: Blue` })])
    // Still followed after the restart: a plain thread message continues the same chat.
    await after.say({ user: ADA.id, text: 'and the fence', ts: '1800000000.000300', threadTs: ROOT })
    expect(slack.replies().map((reply) => reply.text)).toEqual(['Which color?', 'Blue it is.', 'The fence too.'])
    const read = await after.adasChat()
    expect(read.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(read.messages[1].settlements).toMatchObject([{ outcome: 'answered', by: { channel: { piece: 'slack', userId: BOB.id } } }])
  })

  /** A server whose model asks a question without text (then takes the steps `after`), with the piece's clock `clock.skew` ms ahead (within Slack's 5 minutes). */
  const askingWithClock = async (after: Parameters<typeof scriptedModel>[0] = []) => {
    const database = await fresh()
    const slack = await standIn()
    open.push(slack)
    const clock = { skew: 0 }
    const kit = await slackKit({ model: scriptedModel([askQuietly(), ...after]), slack, db: database(), options: { now: () => Date.now() + clock.skew } })
    open.push(kit)
    return { slack, kit, clock }
  }

  /** A chat waiting on a question whose card Slack refused to post, on a server that then stopped. */
  const questionWithoutCard = async () => {
    const database = await fresh()
    const slack = await standIn()
    open.push(slack)
    const before = await slackKit({ model: scriptedModel([askQuietly()]), slack, db: database() })
    slack.failNext('chat.postMessage', 'internal_error')
    await before.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    expect(slack.cards()).toEqual([])
    expect(before.logs.splice(0)).toEqual([expect.stringContaining('could not draw call call_q')])
    await before.close()
    return { database, slack }
  }

  it('a question whose card was never posted (Slack failed, then the server stopped) is drawn when a server starts, and answered', async () => {
    const { database, slack } = await questionWithoutCard()

    const after = await slackKit({ model: scriptedModel([textStep('Blue it is.')]), slack, db: database() })
    open.push(after)
    await after.piece.idle()
    const [card] = slack.cards()
    expect(slack.cards()).toHaveLength(1)
    expect(card).toMatchObject({ channel: 'CGENERAL', text: 'Color: Which color?' })
    expect(slack.callsTo('chat.postMessage').at(-1)?.args.thread_ts).toBe(ROOT)
    await after.click({ user: BOB, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT })
    expect(slack.updatesOf(card.ts)).toEqual([expect.objectContaining({ text: `Answered by <@${BOB.id}>: Color: Blue` })])
    expect(slack.replies().map((reply) => reply.text)).toEqual(['I could not show my question here (An API error occurred: internal_error). I will try again within a few minutes; writing in this thread tries again now.', 'Blue it is.'])
  })

  it('two servers starting at once draw a missing card once: the card record in the database decides', async () => {
    const { database, slack } = await questionWithoutCard()

    const server = () => slackKit({ model: scriptedModel([textStep('Settled.')]), slack, db: database() })
    const servers = startsAtOnce ? await Promise.all([server(), server(), server()]) : [await server(), await server(), await server()]
    open.push(...servers)
    await Promise.all(servers.map((server) => server.piece.idle()))
    expect(slack.cards()).toHaveLength(1)
    // A server starting later finds the card drawn and draws nothing.
    const late = await slackKit({ model: scriptedModel([]), slack, db: database() })
    open.push(late)
    await late.piece.idle()
    expect(slack.cards()).toHaveLength(1)
  })

  it('without a restart, webhooks rescan at most once a minute, and a card Slack keeps refusing is tried after waits that double', async () => {
    const { slack, kit, clock } = await askingWithClock()
    const refuse = () => slack.failNext('chat.postMessage', 'channel_not_found')
    refuse()
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining('could not draw call call_q')])
    // Any verified request may rescan: here a click on a message that holds no card.
    const drawingsAt = async (seconds: number) => {
      clock.skew = seconds * 1000
      await kit.click({ user: BOB, action: { action_id: 'frogbot_option_0', value: '0' }, messageTs: `2.${seconds}`, threadTs: ROOT })
      return slack.callsTo('chat.postMessage').filter((call) => call.args.blocks).length
    }
    expect(await drawingsAt(30)).toBe(1) // within the minute: no rescan
    refuse()
    expect(await drawingsAt(REDRAW_EVERY_MS / 1000 + 1)).toBe(2) // a minute after the failure: tried, refused again
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining('could not draw call call_q')])
    expect(await drawingsAt(125)).toBe(2) // the next try waits two minutes
    expect(await drawingsAt(190)).toBe(3)
    expect(slack.cards()).toHaveLength(1)
  })

  it('Slack down for a moment (HTTP 503) delays a card, and it is drawn once', async () => {
    const database = await fresh()
    const slack = await standIn()
    open.push(slack)
    const kit = await slackKit({ model: scriptedModel([askQuietly()]), slack, db: database() })
    open.push(kit)
    slack.failNextHttp('chat.postMessage', 503)
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    expect(slack.callsTo('chat.postMessage').map((call) => call.result.ok)).toEqual([false, true])
    expect(slack.cards()).toHaveLength(1)
    // Retried within the call: nothing to log, and nothing written to the console.
    expect(kit.logs).toEqual([])
  })

  it('Slack down for longer: a card drawing gives up after 3 tries within seconds (never outlasting its claim), and a later rescan draws it', async () => {
    const { slack, kit, clock } = await askingWithClock()
    slack.failNextHttp('chat.postMessage', 503, 3)
    const started = Date.now()
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(slack.cards()).toEqual([])
    expect(slack.callsTo('chat.postMessage').map((call) => call.result.ok)).toEqual([false, false, false, true])
    expect(slack.replies().map((reply) => reply.text)).toEqual([expect.stringMatching(/^I could not show my question here \(An HTTP protocol error occurred: statusCode = 503\)/)])
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining('could not draw call call_q')])
    clock.skew = REDRAW_EVERY_MS + 1000
    await kit.click({ user: BOB, action: { action_id: 'frogbot_option_0', value: '0' }, messageTs: '3.1', threadTs: ROOT })
    expect(slack.cards()).toHaveLength(1)
  })

  it('a card whose replacement failed keeps its controls until the next click, which is told who answered and replaces it', async () => {
    const database = await fresh()
    const slack = await standIn()
    open.push(slack)
    const kit = await slackKit({ model: scriptedModel([askColor(), textStep('Blue it is.')]), slack, db: database() })
    open.push(kit)
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const [card] = slack.cards()
    slack.failNext('chat.update', 'internal_error', (args) => args.ts === card.ts)
    await kit.click({ user: ADA, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT })
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining('could not replace the card of call call_q')])
    expect(slack.callsTo('chat.update').filter((call) => call.args.ts === card.ts && call.result.ok)).toEqual([])

    await kit.click({ user: BOB, action: { action_id: 'frogbot_option_0', value: '0' }, messageTs: card.ts, threadTs: ROOT })
    expect(slack.ephemerals()).toEqual([expect.objectContaining({ user: BOB.id, text: `This question was already answered by <@${ADA.id}>.` })])
    expect(slack.updatesOf(card.ts).at(-1)).toEqual(expect.objectContaining({ text: `Answered by <@${ADA.id}>: Color: Blue` }))
    // Replaced once: a later click is told, and the card stays as it is.
    const updates = slack.updatesOf(card.ts).length
    await kit.click({ user: BOB, action: { action_id: 'frogbot_option_0', value: '0' }, messageTs: card.ts, threadTs: ROOT })
    expect(slack.updatesOf(card.ts)).toHaveLength(updates)
  })

  it('a card whose replacement failed is replaced by the next rescan, even without a click on it', async () => {
    const { slack, kit, clock } = await askingWithClock([textStep('Blue it is.'), textStep('You are welcome.')])
    await kit.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const [card] = slack.cards()
    slack.failNext('chat.update', 'internal_error', (args) => args.ts === card.ts)
    await kit.click({ user: ADA, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT })
    expect(kit.logs.splice(0)).toEqual([expect.stringContaining('could not replace the card of call call_q')])
    const replaced = () => slack.callsTo('chat.update').filter((call) => call.args.ts === card.ts && call.result.ok).map((call) => call.args.text)
    expect(replaced()).toEqual([])
    clock.skew = REDRAW_EVERY_MS + 1000
    await kit.say({ user: BOB.id, text: 'thanks', ts: '1800000000.000500', threadTs: ROOT })
    expect(replaced()).toEqual([`Answered by <@${ADA.id}>: Color: Blue`])
  })

  it('two people clicking at once on two servers: exactly one answer wins, the card is replaced once, the other is told who answered', async () => {
    const database = await fresh()
    const slack = await standIn()
    open.push(slack)
    const first = await slackKit({ model: scriptedModel([askColor(), textStep('Settled.')]), slack, db: database() })
    const second = await slackKit({ model: scriptedModel([textStep('Settled.')]), slack, db: database() })
    open.push(first, second)
    await first.say({ user: ADA.id, text: `<@${BOT_USER_ID}> paint the shed`, ts: ROOT })
    const [card] = slack.cards()

    await Promise.all([
      first.click({ user: ADA, action: { action_id: 'frogbot_option_0', value: '0' }, messageTs: card.ts, threadTs: ROOT }),
      second.click({ user: BOB, action: { action_id: 'frogbot_option_1', value: '1' }, messageTs: card.ts, threadTs: ROOT })
    ])
    await vi.waitFor(() => expect(slack.replies().map((reply) => reply.text)).toEqual(['Which color?', 'Settled.']))
    const read = await first.adasChat()
    expect(read.messages[1].settlements).toHaveLength(1)
    const [{ by }] = read.messages[1].settlements as { by: { channel: { userId: string } } }[]
    const winner = by.channel.userId
    const loser = winner === ADA.id ? BOB.id : ADA.id
    expect(slack.updatesOf(card.ts)).toEqual([expect.objectContaining({ text: `Answered by <@${winner}>: Color: ${winner === ADA.id ? 'Red' : 'Blue'}` })])
    expect(slack.ephemerals()).toEqual([expect.objectContaining({ user: loser, text: `This question was already answered by <@${winner}>.` })])
  })
}

describe('Slack conversations on a SQLite file', () => {
  let count = 0
  durability(async () => {
    const temp = tempDir()
    open.push({ close: async () => temp.remove() })
    const filename = join(temp.dir, `slack-${++count}.db`)
    return () => sqliteAdapter({ filename })
  }, { startsAtOnce: false })
})

describePostgres('Slack conversations on PostgreSQL', () => {
  durability(async () => {
    const database: TestDatabase = await createTestDatabase()
    open.push({ close: () => database.drop() })
    return () => postgresAdapter({ url: database.url })
  }, { startsAtOnce: true })
})
