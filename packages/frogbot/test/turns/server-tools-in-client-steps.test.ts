import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { lookupTool, toolResultsIn } from './turn-test-kit.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const questionCall = { toolCallId: 'call_q', toolName: 'question', input: colorQuestion }
const skipped = { skipped: true, reason: expect.stringMatching(/\S/) }

describe.each([
  ['before', [{ toolCallId: 'call_s1', toolName: 'lookup', input: { q: 'paint prices' } }, questionCall]],
  ['after', [questionCall, { toolCallId: 'call_s1', toolName: 'lookup', input: { q: 'paint prices' } }]]
])('a server tool called %s a question in the same step', (_order, calls) => {
  it('is not executed; its part holds the skipped result; after the answer the model calls it again and it runs', async () => {
    const lookup = lookupTool()
    const model = scriptedModel([
      toolStep(calls),
      toolStep([{ toolCallId: 'call_s2', toolName: 'lookup', input: { q: 'blue paint prices' } }]),
      textStep('Blue paint costs 12.')
    ])
    const app = await testFrogbot({ model, tools: [lookup.tool] })
    cleanup = app.close

    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    expect(first.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_q' }] })
    expect(first.json.pending).toHaveLength(1)
    expect(lookup.calls).toEqual([])
    expect(model.doStreamCalls).toHaveLength(1)
    const chatId = first.json.chatId

    const waiting = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
    const assistant = waiting.json.messages.find((message: any) => message.role === 'assistant')
    expect(assistant.parts.find((part: any) => part.toolCallId === 'call_s1')).toMatchObject({
      type: 'tool-lookup',
      state: 'output-available',
      input: { q: 'paint prices' },
      output: skipped
    })
    expect(assistant.parts.find((part: any) => part.toolCallId === 'call_q')).toMatchObject({ state: 'input-available' })

    const done = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: blue })
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({ status: 'complete', text: 'Blue paint costs 12.', messageId: first.json.pending[0].messageId })
    expect(lookup.calls).toEqual([{ q: 'blue paint prices' }])
    expect(model.doStreamCalls).toHaveLength(3)

    // the model saw the skipped result with the answer, then the real result
    const afterAnswer = toolResultsIn(model.doStreamCalls[1].prompt)
    expect(afterAnswer.get('call_s1')).toEqual({ type: 'json', value: skipped })
    expect(afterAnswer.get('call_q')).toEqual({ type: 'json', value: blue })
    expect(toolResultsIn(model.doStreamCalls[2].prompt).get('call_s2')).toEqual({ type: 'json', value: { found: 'result for blue paint prices' } })

    const chat = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.state).toBe('idle')
    expect(chat.json.messages.filter((message: any) => message.role === 'assistant')).toHaveLength(1)
  })
})

describe('a server tool in a step without a client call', () => {
  it('runs right away, and a question in a later step does not undo it', async () => {
    const lookup = lookupTool()
    const model = scriptedModel([
      toolStep([{ toolCallId: 'call_s1', toolName: 'lookup', input: { q: 'colors' } }]),
      toolStep([questionCall]),
      textStep('Blue.')
    ])
    const app = await testFrogbot({ model, tools: [lookup.tool] })
    cleanup = app.close
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    expect(first.json.status).toBe('awaiting-input')
    expect(lookup.calls).toEqual([{ q: 'colors' }])
    const done = await app.call('POST', `/api/agents/planner/chats/${first.json.chatId}/settle`, { toolCallId: 'call_q', output: blue })
    expect(done.json).toMatchObject({ status: 'complete', text: 'Blue.' })
    expect(lookup.calls).toHaveLength(1)
    expect(toolResultsIn(model.doStreamCalls[2].prompt).get('call_s1')).toEqual({ type: 'json', value: { found: 'result for colors' } })
  })

  it("reports the whole loop's finish reason and usage: the last step's reason, every step's tokens", async () => {
    const lookup = lookupTool()
    const model = scriptedModel([toolStep([{ toolCallId: 'call_s1', toolName: 'lookup', input: { q: 'colors' } }]), textStep('Blue.')])
    const app = await testFrogbot({ model, tools: [lookup.tool] })
    cleanup = app.close
    const done = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    // each scripted step reads 3 tokens and writes 5
    expect(done.json).toMatchObject({ status: 'complete', text: 'Blue.', finishReason: 'stop', usage: { inputTokens: 6, outputTokens: 10, totalTokens: 16 } })
  })
})
