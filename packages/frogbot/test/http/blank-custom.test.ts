import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// An answer with an option selected and a typed answer (`custom`) of only invisible characters
// was kept as it came, and the demo model's reply said `you wrote: "\u200b"`. Such a typed answer,
// like one of only white space, is now no typed answer: the answer is kept without it, at the
// settle door and through useChat (the engine's rule, so every door).

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

type Json = Record<string, any>

/** A chat waiting at `call_1` (the color question), read over HTTP. */
async function waitingChat() {
  const asked = toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])
  const made = await testFrogbot({ model: scriptedModel([asked, textStep('Red it is.')]) })
  cleanups.push(made.close)
  const { call } = made
  const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
  const chatId = first.json.chatId as string
  const chatPath = `/api/agents/planner/chats/${chatId}`
  const read = async () => (await call('GET', chatPath)).json
  return { call, chatId, chatPath, read }
}

const answerOf = async (read: () => Promise<Json>) =>
  (await read()).messages[1].parts.find((part: Json) => part.toolCallId === 'call_1').output

describe('a blank typed answer beside a selection', () => {
  const picked = { answers: [{ header: 'Color', selected: ['Red'] }] }

  it('/settle: is dropped, for white space as for invisible characters', async () => {
    for (const custom of ['   ', '\u200b', '\u200b\u202e', '\ufeff \u2066']) {
      const { call, chatPath, read } = await waitingChat()
      const answers = [{ header: 'Color', selected: ['Red'], custom }]
      const settled = await call('POST', `${chatPath}/settle`, { toolCallId: 'call_1', output: { answers } })
      expect(settled.status, JSON.stringify(custom)).toBe(200)
      expect(await answerOf(read), JSON.stringify(custom)).toEqual(picked)
    }
    const { call, chatPath, read } = await waitingChat()
    const typed = { answers: [{ header: 'Color', selected: ['Red'], custom: 'darker \u200b' }] }
    expect((await call('POST', `${chatPath}/settle`, { toolCallId: 'call_1', output: typed })).status).toBe(200)
    expect(await answerOf(read)).toEqual(typed)
  })

  it('useChat: is dropped as at /settle', async () => {
    const { call, chatId, read } = await waitingChat()
    const copy = (await read()).messages.map(({ settlements: _settlements, ...message }: Json) => message)
    const output = { answers: [{ header: 'Color', selected: ['Red'], custom: '\u200b' }] }
    const answered = (part: Json) => (part.toolCallId === 'call_1' ? { ...part, state: 'output-available', output } : part)
    const messages = [copy[0], { ...copy[1], parts: copy[1].parts.map(answered) }]
    expect((await call('POST', '/api/agents/planner', { id: chatId, messages, trigger: 'submit-message' })).status).toBe(200)
    expect(await answerOf(read)).toEqual(picked)
  })
})
