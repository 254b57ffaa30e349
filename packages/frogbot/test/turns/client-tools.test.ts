import { afterEach, describe, expect, it } from 'vitest'
import type { ClientTool, PendingCall } from '../../src/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { pickFile, pickFileCall, toolResultsIn } from './turn-test-kit.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const questionCall = { toolCallId: 'call_q', toolName: 'question', input: colorQuestion }

async function twoCallsInOneStep() {
  const model = scriptedModel([toolStep([questionCall, pickFileCall], 'Two things first.'), textStep('Blue, from b.txt.')])
  const app = await testFrogbot({ model, tools: [pickFile] })
  cleanup = app.close
  const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
  const chatId = first.json.chatId as string
  const snapshot = async () => app.call('GET', `/api/agents/planner/chats/${chatId}`).then((response) => response.json)
  return { ...app, model, first, chatId, snapshot, settleURL: `/api/agents/planner/chats/${chatId}/settle` }
}

describe('two client calls in one step', () => {
  it('wait together; the first answer leaves the second waiting and does not call the model', async () => {
    const { first, call, settleURL, model, chatId } = await twoCallsInOneStep()
    expect(first.json).toMatchObject({ status: 'awaiting-input', chatId })
    expect(first.json.pending.map((entry: PendingCall) => entry.toolCallId)).toEqual(['call_q', 'call_file'])
    expect(first.json.pending[1]).toMatchObject({ toolName: 'pick_file', input: pickFileCall.input, agentSlug: 'planner' })
    expect(first.json.pending[0].messageId).toBe(first.json.pending[1].messageId)

    const afterFirst = await call('POST', settleURL, { toolCallId: 'call_q', output: blue })
    expect(afterFirst.status).toBe(200)
    expect(afterFirst.json).toMatchObject({ status: 'awaiting-input', chatId, settlement: { toolCallId: 'call_q', outcome: 'answered' } })
    expect(afterFirst.json.pending.map((entry: PendingCall) => entry.toolCallId)).toEqual(['call_file'])
    expect(model.doStreamCalls).toHaveLength(1)
    const listed = await call('GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(listed.json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: 'call_file' }] })
  })

  it('the last answer continues the turn once, in the same assistant message, with both results', async () => {
    const { first, call, settleURL, model, chatId, snapshot } = await twoCallsInOneStep()
    await call('POST', settleURL, { toolCallId: 'call_q', output: blue })
    const done = await call('POST', settleURL, { toolCallId: 'call_file', output: { file: 'b.txt' } })
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({
      status: 'complete',
      chatId,
      messageId: first.json.pending[0].messageId,
      text: 'Blue, from b.txt.',
      settlement: { toolCallId: 'call_file', outcome: 'answered', part: { state: 'output-available', output: { file: 'b.txt' } } }
    })
    expect(model.doStreamCalls).toHaveLength(2)
    const results = toolResultsIn(model.doStreamCalls[1].prompt)
    expect(results.get('call_q')).toEqual({ type: 'json', value: blue })
    expect(results.get('call_file')).toEqual({ type: 'json', value: { file: 'b.txt' } })

    const chat = await snapshot()
    expect(chat.chat.state).toBe('idle')
    expect(chat.pending).toEqual([])
    const assistants = chat.messages.filter((message: any) => message.role === 'assistant')
    expect(assistants).toHaveLength(1)
    expect(assistants[0].parts.filter((part: any) => part.type !== 'step-start')).toMatchObject([
      { type: 'text', text: 'Two things first.' },
      { type: 'tool-question', toolCallId: 'call_q', state: 'output-available', output: blue },
      { type: 'tool-pick_file', toolCallId: 'call_file', state: 'output-available', output: { file: 'b.txt' } },
      { type: 'text', text: 'Blue, from b.txt.' }
    ])
    expect(assistants[0].settlements.map((entry: any) => [entry.toolCallId, entry.outcome])).toEqual([
      ['call_q', 'answered'],
      ['call_file', 'answered']
    ])
    // a late duplicate of either answer neither continues again nor changes anything
    const late = await call('POST', settleURL, { toolCallId: 'call_file', output: { file: 'a.txt' } })
    expect(late.status).toBe(409)
    expect(late.json.code).toBe('already-settled')
    expect(late.json.settlement.part.output).toEqual({ file: 'b.txt' })
    expect(model.doStreamCalls).toHaveLength(2)
  })

  it('answering in the other order works the same', async () => {
    const { call, settleURL, model } = await twoCallsInOneStep()
    const afterFirst = await call('POST', settleURL, { toolCallId: 'call_file', output: { file: 'a.txt' } })
    expect(afterFirst.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_q' }] })
    expect(model.doStreamCalls).toHaveLength(1)
    const done = await call('POST', settleURL, { toolCallId: 'call_q', output: blue })
    expect(done.json).toMatchObject({ status: 'complete', text: 'Blue, from b.txt.' })
    expect(model.doStreamCalls).toHaveLength(2)
  })
})

describe('client.validate, client.access and outputSchema', () => {
  it('client.validate returning a string is 400 invalid-output with exactly that message; nothing changes', async () => {
    const { call, settleURL, snapshot, model } = await twoCallsInOneStep()
    const before = await snapshot()
    const response = await call('POST', settleURL, { toolCallId: 'call_file', output: { file: 'c.txt' } })
    expect(response.status).toBe(400)
    expect(response.json).toMatchObject({ code: 'invalid-output', error: 'Pick one of the offered files.' })
    expect(await snapshot()).toEqual(before)
    expect(model.doStreamCalls).toHaveLength(1)
  })

  it('an output that fails outputSchema is 400 invalid-output naming the field; validate is not reached', async () => {
    const { call, settleURL, snapshot } = await twoCallsInOneStep()
    const before = await snapshot()
    const response = await call('POST', settleURL, { toolCallId: 'call_file', output: { file: 42 } })
    expect(response.status).toBe(400)
    expect(response.json.code).toBe('invalid-output')
    expect(response.json.error).toMatch(/^output\.file: /)
    const missing = await call('POST', settleURL, { toolCallId: 'call_file', output: {} })
    expect(missing.status).toBe(400)
    expect(missing.json.code).toBe('invalid-output')
    expect(missing.json.error).toMatch(/output\.file/)
    expect(await snapshot()).toEqual(before)
  })

  it('client.access returning false is 403 forbidden and changes nothing; it receives the pending call', async () => {
    const seen: { userEmail: string | undefined; call: PendingCall }[] = []
    const guarded: ClientTool = {
      ...pickFile,
      slug: 'approve_budget',
      client: {
        kind: 'pick-file',
        access: ({ req, call }) => {
          seen.push({ userEmail: req.user?.email, call })
          return req.user?.email === 'boss@example.com'
        }
      }
    }
    const model = scriptedModel([toolStep([{ toolCallId: 'call_b', toolName: 'approve_budget', input: { files: ['budget.xlsx'] } }]), textStep('unused')])
    const app = await testFrogbot({ model, tools: [guarded] })
    cleanup = app.close
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Spend it' })
    const chatId = first.json.chatId
    const snapshot = async () => app.call('GET', `/api/agents/planner/chats/${chatId}`).then((response) => response.json)
    const before = await snapshot()

    for (const body of [{ toolCallId: 'call_b', output: { file: 'budget.xlsx' } }, { toolCallId: 'call_b', dismissed: true }]) {
      const response = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, body)
      expect(response.status).toBe(403)
      expect(response.json.code).toBe('forbidden')
    }
    expect(await snapshot()).toEqual(before)
    expect(before.chat.state).toBe('awaiting')
    expect(model.doStreamCalls).toHaveLength(1)
    expect(seen[0]).toEqual({ userEmail: 'ada@example.com', call: first.json.pending[0] })
    expect(Object.keys(seen[0].call).sort()).toEqual(['agentSlug', 'chatId', 'createdAt', 'input', 'kind', 'messageId', 'toolCallId', 'toolName'])
    expect(seen[0].call.kind).toBe('pick-file')
  })

  it('client.validate checks against the input stored with the call: an offered file is accepted', async () => {
    const { call, settleURL } = await twoCallsInOneStep()
    const rejected = await call('POST', settleURL, { toolCallId: 'call_file', output: { file: 'z.txt' } })
    expect(rejected.status).toBe(400)
    const accepted = await call('POST', settleURL, { toolCallId: 'call_file', output: { file: 'a.txt' } })
    expect(accepted.status).toBe(200)
    expect(accepted.json.status).toBe('awaiting-input')
  })
})
