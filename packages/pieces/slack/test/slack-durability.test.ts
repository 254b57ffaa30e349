import { join } from 'node:path'
import { type DatabaseAdapter, postgresAdapter, sqliteAdapter } from 'frogbot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../../frogbot/test/helpers/postgres.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../../frogbot/test/helpers/scripted-model.ts'
import { tempDir } from '../../../frogbot/test/helpers/test-frogbot.ts'
import { ADA, BOB, slackKit, standIn } from './slack-kit.ts'
import { BOT_USER_ID } from './slack-stand-in.ts'

// What must hold across processes and restarts, on SQLite and PostgreSQL: Chat SDK's state and
// the question cards live in FrogBot's database, and the first answer wins through the one settle
// door however many servers receive clicks at once.

const ROOT = '1800000000.000100'
const askColor = () => toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Which color?')
const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

/** `fresh()` makes a new empty database for one test (its cleanup is queued first) and returns how to connect to it. */
function durability(fresh: () => Promise<() => DatabaseAdapter>) {
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
  })
})

describePostgres('Slack conversations on PostgreSQL', () => {
  durability(async () => {
    const database: TestDatabase = await createTestDatabase()
    open.push({ close: () => database.drop() })
    return () => postgresAdapter({ url: database.url })
  })
})
