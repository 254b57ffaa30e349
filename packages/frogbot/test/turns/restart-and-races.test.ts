import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { storeOf } from '../../src/frogbot-internals.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

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

  it('answers racing in one process: only the winner writes; the losers read the decided chat and get already-settled', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]), textStep('Done.')])
    const app = await testFrogbot({ model })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const writes = vi.spyOn(storeOf(app.frogbot), 'applySettle')
    const url = `/api/agents/planner/chats/${first.json.chatId}/settle`
    const responses = await Promise.all(Array.from({ length: 30 }, () => app.call('POST', url, { toolCallId: 'call_1', output: blue })))
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1)
    expect(responses.filter((response) => response.status === 409 && response.json.code === 'already-settled')).toHaveLength(29)
    expect(writes).toHaveBeenCalledTimes(1)
    expect(model.doStreamCalls).toHaveLength(2)
  })

  it('an invalid answer that arrives first does not hold back a valid one racing it', async () => {
    const model = scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]), textStep('Done.')])
    const app = await testFrogbot({ model })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const url = `/api/agents/planner/chats/${first.json.chatId}/settle`
    const invalid = { answers: [{ header: 'Color', selected: ['Green'] }] }
    const [refused, accepted] = await Promise.all([app.call('POST', url, { toolCallId: 'call_1', output: invalid }), app.call('POST', url, { toolCallId: 'call_1', output: blue })])
    expect(refused.status).toBe(400)
    expect(refused.json.code).toBe('invalid-output')
    expect(accepted.status).toBe(200)
    expect(accepted.json.settlement.part.output).toEqual(blue)
  })

  it('two calls of one step answered at once: both are accepted, the second continues', async () => {
    const model = scriptedModel([
      toolStep([
        { toolCallId: 'call_1', toolName: 'question', input: colorQuestion },
        { toolCallId: 'call_2', toolName: 'question', input: colorQuestion }
      ]),
      textStep('Both done.')
    ])
    const app = await testFrogbot({ model })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const url = `/api/agents/planner/chats/${first.json.chatId}/settle`
    const [one, two] = await Promise.all([app.call('POST', url, { toolCallId: 'call_1', output: blue }), app.call('POST', url, { toolCallId: 'call_2', output: blue })])
    expect([one.status, two.status]).toEqual([200, 200])
    expect([one.json.status, two.json.status].sort()).toEqual(['awaiting-input', 'complete'])
    expect(model.doStreamCalls).toHaveLength(2)
  })
})
