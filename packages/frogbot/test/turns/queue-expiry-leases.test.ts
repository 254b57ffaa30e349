import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ClientTool } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, heldStep, scripted, streamingModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { crash, testFrogbot } from '../helpers/test-frogbot.ts'
import { internalsOf } from '../../src/frogbot-internals.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const until = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('a message to a running chat is queued and runs next', () => {
  it('answers 202 queued, stores the message, and runs it when the turn ends', async () => {
    const held = heldStep('Thinking about the first one.')
    const model = streamingModel([held.stream, scripted(textStep('And the second one.'))])
    const app = await testFrogbot({ model })
    cleanups.push(app.close)

    const first = app.call('POST', '/api/agents/planner', { prompt: 'First', chatId: 'chat-queue-test-0001' })
    await held.started
    const second = await app.call('POST', '/api/agents/planner', { prompt: 'Second', chatId: 'chat-queue-test-0001' })
    expect(second.status).toBe(202)
    expect(second.json).toMatchObject({ status: 'queued', chatId: 'chat-queue-test-0001' })
    expect((await app.call('GET', '/api/agents/planner/chats/chat-queue-test-0001/pending')).json.state).toBe('running')

    held.release()
    expect((await first).json).toMatchObject({ status: 'complete', text: 'Thinking about the first one.' })
    await until(async () => model.doStreamCalls.length === 2 && (await app.call('GET', '/api/agents/planner/chats/chat-queue-test-0001')).json.chat.state === 'idle')
    const chat = await app.call('GET', '/api/agents/planner/chats/chat-queue-test-0001')
    expect(chat.json.messages.map((message: any) => [message.role, message.parts.find((part: any) => part.type === 'text')?.text])).toEqual([
      ['user', 'First'],
      ['assistant', 'Thinking about the first one.'],
      ['user', 'Second'],
      ['assistant', 'And the second one.']
    ])
  })
})

describe('expiry of a pending call (client.expiresIn)', () => {
  const expiring: ClientTool = { ...question, slug: 'quick_question', client: { ...question.client, expiresIn: 60_000 } }
  let clock = new Date('2026-11-30T12:00:00.000Z')

  async function waiting() {
    clock = new Date('2026-11-30T12:00:00.000Z')
    const model = streamingModel([scripted(toolStep([{ toolCallId: 'call_q', toolName: 'quick_question', input: colorQuestion }]))])
    const app = await testFrogbot({ model, tools: [expiring], options: { now: () => clock } })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Quick!' })
    expect(first.json.status).toBe('awaiting-input')
    return { ...app, model, chatId: first.json.chatId as string }
  }

  it('closes the call as expired at the deadline, by the system, without calling the model', async () => {
    const { frogbot, call, chatId, model } = await waiting()
    clock = new Date(clock.getTime() + 59_000)
    expect(await frogbot.maintain()).toEqual({ expired: 0, resumed: 0 })
    clock = new Date(clock.getTime() + 1_000)
    expect(await frogbot.maintain()).toEqual({ expired: 1, resumed: 0 })
    const chat = await call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.state).toBe('idle')
    expect(chat.json.pending).toEqual([])
    const assistant = chat.json.messages[1]
    expect(assistant.parts.find((part: any) => part.toolCallId === 'call_q')).toMatchObject({ state: 'output-error', errorText: 'Expired without an answer.' })
    expect(assistant.settlements).toEqual([{ toolCallId: 'call_q', outcome: 'expired', by: { system: true }, at: clock.toISOString() }])
    expect(model.doStreamCalls).toHaveLength(1)
  })

  it('an answer after the deadline is 409 already-settled with outcome expired, even before the sweep', async () => {
    const { call, chatId } = await waiting()
    clock = new Date(clock.getTime() + 61_000)
    const late = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
    expect(late.status).toBe(409)
    expect(late.json.settlement).toMatchObject({ outcome: 'expired', part: { errorText: 'Expired without an answer.' } })
    expect(late.json.error).toBe('This call expired without an answer; it can no longer be settled.')
    // Asked again, from what the server keeps of settled calls: the same.
    const again = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
    expect(again.json).toMatchObject({ code: 'already-settled', error: 'This call expired without an answer; it can no longer be settled.' })
  })

  it('a late answer expires the call in the settle it makes: one snapshot, one write, and the chat is idle', async () => {
    const { call, chatId, frogbot, model } = await waiting()
    const { store } = internalsOf(frogbot)
    const counts = { snapshots: 0, writes: 0 }
    const [snapshot, write] = [store.settleSnapshot.bind(store), store.applySettle.bind(store)]
    store.settleSnapshot = (...args) => (counts.snapshots++, snapshot(...args))
    store.applySettle = (...args) => (counts.writes++, write(...args))
    clock = new Date(clock.getTime() + 61_000)
    const late = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
    expect(late.status).toBe(409)
    expect(late.json).toMatchObject({ code: 'already-settled', settlement: { toolCallId: 'call_q', outcome: 'expired', by: { system: true } } })
    expect(counts).toEqual({ snapshots: 1, writes: 1 })
    const chat = await call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.state).toBe('idle')
    expect(chat.json.messages[1].settlements).toMatchObject([{ toolCallId: 'call_q', outcome: 'expired' }])
    expect(model.doStreamCalls).toHaveLength(1)
  })

  it('without expiresIn nothing settles a call by itself', async () => {
    clock = new Date('2026-11-30T12:00:00.000Z')
    const model = streamingModel([scripted(toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]))])
    const app = await testFrogbot({ model, options: { now: () => clock } })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Ask' })
    clock = new Date(clock.getTime() + 365 * 24 * 3600_000)
    expect(await app.frogbot.maintain()).toEqual({ expired: 0, resumed: 0 })
    expect((await app.call('GET', `/api/agents/planner/chats/${first.json.chatId}/pending`)).json.pending).toHaveLength(1)
  })
})

describe('turn leases: a turn that dies with its process does not leave the chat stuck', () => {
  it('after the lease, another process continues the chat and the settled answer is kept', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const filename = join(temp.dir, 'frogbot.db')
    const dying = heldStep('I will never finish')
    const first = await testFrogbot({
      filename,
      model: streamingModel([scripted(toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])), dying.stream]),
      options: { leaseMs: 300 }
    })
    const asked = await first.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const chatId = asked.json.chatId
    const answer = { answers: [{ header: 'Color', selected: ['Blue'] }] }
    void first.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_1', output: answer }).catch(() => {})
    await dying.started
    await crash(first.frogbot) // the process "dies": its turn never finishes and stops renewing its lease

    const secondModel = streamingModel([scripted(textStep('Picking up again.'))])
    const second = await testFrogbot({ filename, model: secondModel, options: { leaseMs: 300 } })
    cleanups.push(second.close)
    const busy = await second.call('POST', '/api/agents/planner', { prompt: 'Still there?', chatId })
    expect(busy.status).toBe(202)

    await new Promise((resolve) => setTimeout(resolve, 350))
    expect((await second.call('GET', `/api/agents/planner/chats/${chatId}/pending`)).json.state).toBe('idle')
    expect(await second.frogbot.maintain()).toEqual({ expired: 0, resumed: 1 })
    await until(async () => (await second.call('GET', `/api/agents/planner/chats/${chatId}`)).json.chat.state === 'idle' && secondModel.doStreamCalls.length === 1)

    const chat = await second.call('GET', `/api/agents/planner/chats/${chatId}`)
    const toolPart = chat.json.messages[1].parts.find((part: any) => part.toolCallId === 'call_1')
    expect(toolPart).toMatchObject({ state: 'output-available', output: answer })
    expect(chat.json.messages.at(-1).parts.find((part: any) => part.type === 'text').text).toBe('Picking up again.')
    const prompt = JSON.stringify(secondModel.doStreamCalls[0].prompt)
    expect(prompt).toContain('"Blue"')
    expect(prompt).toContain('Still there?')
  })
})

