import { afterEach, describe, expect, it } from 'vitest'
import { buildConfig, createFrogbot, postgresAdapter } from '../../src/index.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { question } from '../../src/tools/index.ts'
import { createTestDatabase, describePostgres } from '../../src/testing/postgres.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { toolCallsIn, toolResultsIn } from '../turns/turn-test-kit.ts'
import { storedTranscriptProblems } from './stored-transcripts.ts'

// Regressions found by the tool-input fuzz suite: a model that reuses a tool call id within one
// response, or sends an empty one or one a database cannot store as it is. Before, the two calls
// were stored as two parts with the same id (a transcript that providers refuse for every later
// turn), or the second silently replaced the first (a question the model asked was lost); a
// question with an empty id waited for an answer that no settle could name; and an id with lone
// surrogates (or NUL, on PostgreSQL) came back from the database changed, so the answer was
// recorded but never reached its part: the model was told "Closed without an answer.".

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

describe('a tool call id reused within one model response, or empty', () => {
  it('a whole call, then a streamed one with the same id (fuzz case: toolName "", input ""): two parts, two ids, each with a result', async () => {
    const step = [
      { type: 'stream-start', warnings: [] },
      { type: 'tool-call', toolCallId: 'call_2', toolName: '', input: '' },
      { type: 'tool-input-start', id: 'call_2', toolName: '' },
      { type: 'tool-input-end', id: 'call_2' },
      { type: 'tool-call', toolCallId: 'call_2', toolName: '', input: '' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }
    ]
    const model = scriptedModel([step, textStep('Done.'), textStep('Again.')])
    const app = await testFrogbot({ model })
    close = app.close
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Go' })
    expect(first.json).toMatchObject({ status: 'complete', text: 'Done.' })
    expect(await storedTranscriptProblems(storeOf(app.frogbot).db)).toEqual([])

    const next = await app.call('POST', '/api/agents/planner', { chatId: first.json.chatId, prompt: 'And?' })
    expect(next.json).toMatchObject({ status: 'complete', text: 'Again.' })
    const prompt = model.doStreamCalls[2].prompt
    const ids = [...toolCallsIn(prompt).keys()]
    expect(ids).toEqual(['call_2', 'call_2_2'])
    expect([...toolResultsIn(prompt).keys()]).toEqual(ids)
  })

  it('two questions with the same id in one step: both wait, each settles its own part, the turn continues once', async () => {
    const other = { questions: [{ header: 'Size', question: 'Which size?', options: [{ label: 'S' }, { label: 'L' }] }] }
    const model = scriptedModel([
      toolStep([
        { toolCallId: 'call_1', toolName: 'question', input: colorQuestion },
        { toolCallId: 'call_1', toolName: 'question', input: other }
      ]),
      textStep('Red and L it is.')
    ])
    const app = await testFrogbot({ model })
    close = app.close
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Paint it' })
    expect(asked.json.status).toBe('awaiting-input')
    expect(asked.json.pending.map((call: any) => [call.toolCallId, call.input.questions[0].header])).toEqual([
      ['call_1', 'Color'],
      ['call_1_2', 'Size']
    ])
    const chatId = asked.json.chatId
    const color = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
    expect(color.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_1_2' }] })
    const size = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_1_2', output: { answers: [{ header: 'Size', selected: ['L'] }] } })
    expect(size.json).toMatchObject({ status: 'complete', text: 'Red and L it is.' })
    expect(model.doStreamCalls).toHaveLength(2)
    expect(await storedTranscriptProblems(storeOf(app.frogbot).db)).toEqual([])
  })

  it('a question and an unknown tool with the same id: the question still waits', async () => {
    const model = scriptedModel([
      toolStep([
        { toolCallId: 'call_1', toolName: 'question', input: colorQuestion },
        { toolCallId: 'call_1', toolName: 'no_such_tool', input: {} }
      ]),
      textStep('Red it is.')
    ])
    const app = await testFrogbot({ model })
    close = app.close
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Paint it' })
    expect(asked.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_1', toolName: 'question' }] })
    const chat = await app.call('GET', `/api/agents/planner/chats/${asked.json.chatId}`)
    const parts = chat.json.messages.at(-1).parts.filter((part: any) => part.toolCallId)
    expect(parts.map((part: any) => [part.toolCallId, part.state])).toEqual([
      ['call_1', 'input-available'],
      ['call_1_2', 'output-error']
    ])
    expect(await storedTranscriptProblems(storeOf(app.frogbot).db)).toEqual([])
  })

  it('a question with an empty id (fuzz case) gets an id that a settle can name', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: '', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')])
    const app = await testFrogbot({ model })
    close = app.close
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Paint it' })
    expect(asked.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call', toolName: 'question' }] })
    const settled = await app.call('POST', `/api/agents/planner/chats/${asked.json.chatId}/settle`, { toolCallId: 'call', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } })
    expect(settled.json).toMatchObject({ status: 'complete', text: 'Blue it is.' })
  })
})

/** Asks (the model's script picks the call id), answers through `frogbot` as an HTTP caller, and checks that the answer reached the model. */
async function answerThroughOddId(frogbot: Awaited<ReturnType<typeof createFrogbot>>, model: ReturnType<typeof scriptedModel>) {
  const caller = { user: { id: 'user_ada', email: 'ada@example.com', name: null }, door: 'http' as const }
  const started = await frogbot.sendMessage({ agent: 'planner', text: 'Paint it', caller })
  if (started.status !== 'started') throw new Error('the message was queued')
  const asked = await started.run.result
  if (asked.status !== 'awaiting-input') throw new Error(`the turn did not wait: ${asked.status}`)
  // A client answers the call as the server lists it.
  const [call] = (await frogbot.pending({ chatId: asked.chatId, caller })).pending
  const settled = await frogbot.settle({ chatId: asked.chatId, toolCallId: call.toolCallId, output: { answers: [{ header: 'Color', selected: ['Blue'] }] }, caller })
  if (settled.kind !== 'continued') throw new Error(`not continued: ${settled.kind}`)
  expect(await settled.run.result).toMatchObject({ status: 'complete', text: 'Blue it is.' })
  expect([...toolResultsIn(model.doStreamCalls[1].prompt).values()]).toEqual([{ type: 'json', value: { answers: [{ header: 'Color', selected: ['Blue'] }] } }])
  expect(await storedTranscriptProblems(storeOf(frogbot).db)).toEqual([])
}

describe('a tool call id a database cannot store as it is', () => {
  it('lone surrogates (fuzz case "\\udfff\\ud800", SQLite): the answer reaches the model', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: '\udfff\ud800', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')])
    const app = await testFrogbot({ model })
    close = app.close
    await answerThroughOddId(app.frogbot, model)
  })
})

describePostgres('a tool call id with NUL on PostgreSQL', () => {
  it('the answer reaches the model', async () => {
    const database = await createTestDatabase()
    const model = scriptedModel([toolStep([{ toolCallId: 'call\u0000x', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')])
    const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast', instructions: 'Ask.', tools: [question] }], db: postgresAdapter({ url: database.url }) })
    const frogbot = await createFrogbot(config, { model, log: () => {}, maintenanceIntervalMs: 0 })
    close = async () => {
      await frogbot.close()
      await database.drop()
    }
    await answerThroughOddId(frogbot, model)
  })
})
