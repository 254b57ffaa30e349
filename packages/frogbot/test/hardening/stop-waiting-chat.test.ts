import { expect, it } from 'vitest'
import { storeOf } from '../../src/frogbot-internals.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { storedTranscriptProblems } from './stored-transcripts.ts'

// docs/project/guarantees.md: a chat is never stuck behind a question nobody answers. Stop on a waiting
// chat cancels its calls without calling the model, and the queued message starts.

it('Stop on a waiting chat cancels its calls, runs the queued message, and a late answer is 409 already-settled', async () => {
  const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]), textStep('Reply to the queued one.')])
  const app = await testFrogbot({ model })
  try {
    const asked = await app.call('POST', '/api/agents/planner', { prompt: 'Paint it' })
    const chatId = asked.json.chatId
    expect((await app.call('POST', '/api/agents/planner', { chatId, prompt: 'Never mind, something else' })).status).toBe(202)

    const stopped = await app.call('POST', `/api/agents/planner/chats/${chatId}/stop`)
    expect(stopped.json).toEqual({ chatId, stopped: true })
    const read = async () => (await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json
    for (let wait = 0; (await read()).chat.state !== 'idle' && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 20))
    const chat = await read()
    expect(chat.pending).toEqual([])
    expect(chat.queued).toEqual([])
    expect(chat.messages.map((message: any) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(chat.messages[1].parts.find((part: any) => part.toolCallId === 'call_1')).toMatchObject({ state: 'output-error', errorText: 'Cancelled because the user stopped the turn.' })
    expect(chat.messages[1].settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'cancelled', by: { userId: app.user.id } }])
    expect(model.doStreamCalls).toHaveLength(2)

    const late = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
    expect(late.json).toMatchObject({ code: 'already-settled', settlement: { outcome: 'cancelled' } })
    expect(await storedTranscriptProblems(storeOf(app.frogbot).db)).toEqual([])
  } finally {
    await app.close()
  }
})
