import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, heldStep, scripted, streamingModel, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const streaming = (messages: { parts: { type: string; state?: string }[] }[]) =>
  messages.flatMap((message) => message.parts).filter((part) => (part.type === 'text' || part.type === 'reasoning') && part.state === 'streaming')

describe('a stopped turn stores its parts ended', () => {
  it('stop while a continuation streams: the stored text parts are done, not streaming', async () => {
    const held = heldStep('Blue, because it ')
    const app = await testFrogbot({ model: streamingModel([scripted(toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Let me ask. ')), held.stream]) })
    cleanups.push(app.close)
    const { call } = app
    const asked = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const chatId = asked.json.chatId
    const continuing = call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: blue })
    await held.started
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect((await call('POST', `/api/agents/planner/chats/${chatId}/stop`)).json.stopped).toBe(true)
    expect((await continuing).json).toMatchObject({ status: 'complete', stopped: true })

    const chat = (await call('GET', `/api/agents/planner/chats/${chatId}`)).json
    const reply = chat.messages.at(-1)
    expect(reply.parts.filter((part: any) => part.type === 'text').map((part: any) => part.text)).toEqual(['Let me ask. ', 'Blue, because it '])
    expect(reply.parts.filter((part: any) => part.type === 'text').map((part: any) => part.state)).toEqual(['done', 'done'])
    expect(streaming(chat.messages)).toEqual([])
  })
})
