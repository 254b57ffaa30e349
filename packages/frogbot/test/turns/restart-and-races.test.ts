import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../helpers/scripted-model.ts'
import { tempDir, testFrogbot } from '../helpers/test-frogbot.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }

describe('a waiting question survives a restart', () => {
  it('is still pending after the process closes and can be answered by the next one', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const filename = join(temp.dir, 'frogbot.db')

    const before = await testFrogbot({ filename, model: scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])]) })
    const first = await before.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    expect(first.json.status).toBe('awaiting-input')
    await before.close()

    const afterModel = scriptedModel([textStep('Blue, then.')])
    const after = await testFrogbot({ filename, model: afterModel })
    cleanups.push(after.close)
    const pendingURL = `/api/agents/planner/chats/${first.json.chatId}/pending`
    const listed = await after.call('GET', pendingURL)
    expect(listed.json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: 'call_1', input: colorQuestion }] })

    const done = await after.call('POST', `/api/agents/planner/chats/${first.json.chatId}/settle`, { toolCallId: 'call_1', output: blue })
    expect(done.json).toMatchObject({ status: 'complete', text: 'Blue, then.', messageId: first.json.pending[0].messageId })
    expect(afterModel.doStreamCalls).toHaveLength(1)
  })
})

describe('the first valid answer wins', () => {
  it('20 concurrent settles of one call continue once; 19 get already-settled with the winning answer', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]), textStep('Done.')])
    const app = await testFrogbot({ model })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const url = `/api/agents/planner/chats/${first.json.chatId}/settle`
    const answers = Array.from({ length: 20 }, (_, index) => ({ answers: [{ header: 'Color', selected: [index % 2 ? 'Red' : 'Blue'] }] }))
    const responses = await Promise.all(answers.map((output) => app.call('POST', url, { toolCallId: 'call_1', output })))

    const winners = responses.filter((response) => response.status === 200)
    const losers = responses.filter((response) => response.status === 409)
    expect(winners).toHaveLength(1)
    expect(losers).toHaveLength(19)
    const winningOutput = winners[0].json.settlement.part.output
    for (const loser of losers) {
      expect(loser.json.code).toBe('already-settled')
      expect(loser.json.settlement.part.output).toEqual(winningOutput)
    }
    expect(model.doStreamCalls).toHaveLength(2)
    const chat = await app.call('GET', `/api/agents/planner/chats/${first.json.chatId}`)
    expect(chat.json.messages.filter((message: any) => message.role === 'assistant')).toHaveLength(1)
    expect(chat.json.messages[1].settlements).toHaveLength(1)
  })
})
