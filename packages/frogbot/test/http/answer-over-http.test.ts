import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function askedColor() {
  const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }], 'Let me ask.'), textStep('Blue it is.')])
  const app = await testFrogbot({ model })
  cleanup = app.close
  const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
  return { ...app, model, first, chatId: first.json.chatId as string }
}

describe('the seed walkthrough: Answer over HTTP', () => {
  it('pauses at the question with the pending call in the seed shape', async () => {
    const { first, chatId } = await askedColor()
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({
      status: 'awaiting-input',
      chatId,
      pending: [{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion, chatId, agentSlug: 'planner' }]
    })
    expect(first.json.pending[0].messageId).toEqual(expect.any(String))
    expect(new Date(first.json.pending[0].createdAt).toISOString()).toBe(first.json.pending[0].createdAt)
  })

  it('lists the waiting call and the turn state', async () => {
    const { call, chatId } = await askedColor()
    const listed = await call('GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(listed.status).toBe(200)
    expect(listed.json.state).toBe('awaiting')
    expect(listed.json.pending.map((entry: any) => entry.toolCallId)).toEqual(['call_1'])
  })

  it('continues the same assistant message with the answer', async () => {
    const { call, chatId, first, model } = await askedColor()
    const output = { answers: [{ header: 'Color', selected: ['Blue'] }] }
    const done = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_1', output })
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({ status: 'complete', chatId, messageId: first.json.pending[0].messageId, text: 'Blue it is.', finishReason: 'stop' })
    expect(done.json.settlement).toMatchObject({ toolCallId: 'call_1', outcome: 'answered', part: { state: 'output-available', output } })
    expect(done.json.settlement.by.userId).toEqual(expect.any(String))
    expect(done.json.settlement.by.token).toMatchObject({ name: 'test' })

    const chat = await call('GET', `/api/agents/planner/chats/${chatId}`)
    const assistants = chat.json.messages.filter((message: any) => message.role === 'assistant')
    expect(assistants).toHaveLength(1)
    expect(assistants[0].parts.filter((part: any) => part.type !== 'step-start')).toMatchObject([
      { type: 'text', text: 'Let me ask.' },
      { type: 'tool-question', toolCallId: 'call_1', state: 'output-available', output },
      { type: 'text', text: 'Blue it is.' }
    ])
    expect(chat.json.chat.state).toBe('idle')
    expect(chat.json.messages[0].settlements).toEqual([])
    expect(assistants[0].settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'answered' }])

    // the model saw the answer as the tool result
    const lastPrompt = JSON.stringify(model.doStreamCalls[1].prompt)
    expect(lastPrompt).toContain('"Blue"')
  })
})
