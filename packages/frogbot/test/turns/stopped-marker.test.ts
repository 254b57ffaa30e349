import { afterEach, describe, expect, it } from 'vitest'
import { heldStep, scripted, streamingModel, textStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

describe('a reply that Stop ended is marked as stopped', () => {
  it('its stored message carries metadata.stopped, read by every client after a reload; a reply that ended by itself does not', async () => {
    const held = heldStep('A long plan that ')
    const app = await testFrogbot({ model: streamingModel([scripted(textStep('Short and done.')), held.stream]) })
    cleanups.push(app.close)
    const done = await app.call('POST', '/api/agents/planner', { prompt: 'Be brief' })
    const chatId = done.json.chatId
    const running = app.call('POST', '/api/agents/planner', { prompt: 'Write a lot', chatId })
    await held.started
    expect((await app.call('POST', `/api/agents/planner/chats/${chatId}/stop`)).json.stopped).toBe(true)
    expect((await running).json).toMatchObject({ status: 'complete', stopped: true })

    const { messages } = (await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json
    expect(messages.map((message: { role: string; metadata?: unknown }) => [message.role, message.metadata])).toEqual([
      ['user', undefined],
      ['assistant', undefined],
      ['user', undefined],
      ['assistant', { stopped: true }]
    ])
  })
})
