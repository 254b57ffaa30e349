import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { internalsOf } from '../../src/frogbot-internals.ts'
import type { ClientTool } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { lookupTool, toolCallsIn, toolResultsIn } from './turn-test-kit.ts'

// The failing inputs of issue 9's bug list, replayed from public bug reports of other agent
// frameworks; each used to fail on main.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const until = async (check: () => Promise<boolean>) => {
  for (let tries = 0; !(await check()); tries++) {
    if (tries > 200) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe("a queued message runs as its sender, whose access is checked again when it starts", () => {
  it('drops the message of a sender who lost access meanwhile, instead of running it as them', async () => {
    const blocked = new Set<string>()
    const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.'), textStep('never played')])
    const lines: string[] = []
    const app = await testFrogbot({
      model,
      agents: [{ slug: 'planner', model: 'fast', tools: [question], access: ({ req }) => !blocked.has(req.user?.id ?? 'anonymous') }],
      options: { log: (line) => lines.push(line) }
    })
    cleanups.push(app.close)
    // An owner-less chat (started anonymously) that Ada writes to as well.
    const anonymous = (method: string, path: string, body?: unknown) => app.call(method, path, body, { authorization: '' })
    const first = await anonymous('POST', '/api/agents/planner', { prompt: 'Paint the shed', chatId: 'regression-queue-access-00001' })
    expect(first.json.status).toBe('awaiting-input')
    const queued = await app.call('POST', '/api/agents/planner', { prompt: 'Ada adds: and the fence', chatId: 'regression-queue-access-00001' })
    expect(queued.status).toBe(202)

    blocked.add(app.user.id)
    expect((await anonymous('POST', '/api/agents/planner/chats/regression-queue-access-00001/settle', { toolCallId: 'call_q', output: blue })).json.status).toBe('complete')
    await until(async () => (await anonymous('GET', '/api/agents/planner/chats/regression-queue-access-00001')).json.queued.length === 0)
    const chat = (await anonymous('GET', '/api/agents/planner/chats/regression-queue-access-00001')).json
    expect(chat.chat.state).toBe('idle')
    expect(chat.messages.map((message: any) => message.role)).toEqual(['user', 'assistant'])
    expect(model.doStreamCalls).toHaveLength(2)
    expect(lines).toContainEqual(expect.stringContaining('was dropped: its sender may no longer write this chat'))
  })
})

describe('a crash right after a step that asks', () => {
  it('leaves the question waiting: the step and its pending call are one write, so a restart can answer it', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const filename = join(temp.dir, 'frogbot.db')
    const before = await testFrogbot({ filename, model: scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Let me ask.')]) })
    // The process "dies" right after the step that asks is saved: every later write of this instance fails.
    const { store } = internalsOf(before.frogbot)
    let dead = false
    const pause = store.pauseTurn.bind(store)
    store.pauseTurn = async (options) => {
      const saved = await pause(options)
      dead = true
      return saved
    }
    for (const write of ['endTurn', 'saveStep', 'withChat', 'applySettle'] as const) {
      const original = (store[write] as (...args: unknown[]) => Promise<unknown>).bind(store)
      ;(store as Record<string, unknown>)[write] = (...args: unknown[]) => (dead ? Promise.reject(new Error('the process died')) : original(...args))
    }
    const first = await before.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    expect(first.json.status).toBe('awaiting-input')
    await before.close()

    const after = await testFrogbot({ filename, model: scriptedModel([textStep('Blue it is.')]) })
    cleanups.push(after.close)
    const chatId = first.json.chatId
    const pending = await after.call('GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(pending.json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: 'call_q' }] })
    const message = (await after.call('GET', `/api/agents/planner/chats/${chatId}`)).json.messages[1]
    expect(message.parts.find((part: any) => part.type === 'tool-question')).toMatchObject({ state: 'input-available' })
    expect((await after.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: blue })).json).toMatchObject({ status: 'complete', text: 'Blue it is.' })
  })
})

describe('a call nobody who can reach the chat may answer', () => {
  it('is cancelled by Stop, and the messages queued behind it run', async () => {
    const adminOnly: ClientTool = { ...question, slug: 'admin_question', client: { ...question.client, kind: 'admin-question', access: ({ req }) => req.user?.email === 'admin@example.com' } }
    const model = scriptedModel([toolStep([{ toolCallId: 'call_a', toolName: 'admin_question', input: colorQuestion }]), textStep('Then I decide myself.')])
    const app = await testFrogbot({ model, tools: [adminOnly] })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Approve the budget' })
    const chatId = first.json.chatId
    const refused = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_a', output: blue })
    expect(refused).toMatchObject({ status: 403, json: { code: 'forbidden' } })
    expect((await app.call('POST', '/api/agents/planner', { prompt: 'Never mind, go on', chatId })).status).toBe(202)

    const stopped = await app.call('POST', `/api/agents/planner/chats/${chatId}/stop`, {})
    expect(stopped.json).toEqual({ chatId, stopped: true })
    await until(async () => (await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json.messages.length === 4)
    const chat = (await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json
    expect(chat.messages[1].parts.find((part: any) => part.type === 'tool-admin_question')).toMatchObject({ state: 'output-error', errorText: 'Cancelled because the user stopped the turn.' })
    expect(chat.messages[3].parts.find((part: any) => part.type === 'text').text).toBe('Then I decide myself.')
    await until(async () => (await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json.chat.state === 'idle')
  })
})

describe('tool calls whose arguments are not a JSON object', () => {
  it.each([
    ['an empty string', ''],
    ['cut-off JSON', '{"questions": [{"header": "Co'],
    ['a JSON array', '[1, 2]']
  ])('with %s are stored with an object input and a tool error; the next turn sends the provider objects', async (_name, raw) => {
    const lookup = lookupTool()
    const step = toolStep([{ toolCallId: 'call_bad', toolName: 'question', input: null }, { toolCallId: 'call_srv', toolName: 'lookup', input: null }])
    for (const part of step) if (part.type === 'tool-call') part.input = raw
    const model = scriptedModel([step, textStep('Sorry, let me answer plainly.'), textStep('Done.')])
    const app = await testFrogbot({ model, tools: [lookup.tool] })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    expect(first.json).toMatchObject({ status: 'complete', text: 'Sorry, let me answer plainly.' })
    const chatId = first.json.chatId
    const stored = (await app.call('GET', `/api/agents/planner/chats/${chatId}`)).json.messages[1]
    for (const id of ['call_bad', 'call_srv']) {
      const part = stored.parts.find((entry: any) => entry.toolCallId === id)
      expect(part.state).toBe('output-error')
      expect(part.input !== null && typeof part.input === 'object' && !Array.isArray(part.input)).toBe(true)
    }
    expect(lookup.calls).toEqual([])
    await app.call('POST', '/api/agents/planner', { prompt: 'Thanks', chatId })
    const prompt = model.doStreamCalls[2].prompt as any[]
    const inputs = prompt.flatMap((message) => (Array.isArray(message.content) ? message.content : [])).filter((part: any) => part.type === 'tool-call').map((part: any) => part.input)
    expect(inputs).toHaveLength(2)
    for (const input of inputs) expect(input !== null && typeof input === 'object' && !Array.isArray(input)).toBe(true)
  })
})

describe('a provider that reuses a tool call id in a later step', () => {
  it('gets a fresh id for the second call: settling it writes one part, and the model sees the answer once', async () => {
    const lookup = lookupTool()
    const model = scriptedModel([
      toolStep([{ toolCallId: 'call_0', toolName: 'lookup', input: { q: 'paint' } }]),
      toolStep([{ toolCallId: 'call_0', toolName: 'question', input: colorQuestion }]),
      textStep('Blue paint it is.')
    ])
    const app = await testFrogbot({ model, tools: [lookup.tool] })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    expect(first.json.status).toBe('awaiting-input')
    const [call] = first.json.pending
    expect(call.toolCallId).toBe('call_0_2')
    const settled = await app.call('POST', `/api/agents/planner/chats/${first.json.chatId}/settle`, { toolCallId: call.toolCallId, output: blue })
    expect(settled.json).toMatchObject({ status: 'complete', text: 'Blue paint it is.' })
    const parts = (await app.call('GET', `/api/agents/planner/chats/${first.json.chatId}`)).json.messages[1].parts
    expect(parts.find((part: any) => part.toolCallId === 'call_0')).toMatchObject({ type: 'tool-lookup', state: 'output-available', output: { found: 'result for paint' } })
    expect(parts.find((part: any) => part.toolCallId === 'call_0_2')).toMatchObject({ type: 'tool-question', state: 'output-available', output: blue })
    const prompt = model.doStreamCalls[2].prompt
    expect([...toolCallsIn(prompt)]).toEqual([
      ['call_0', 'lookup'],
      ['call_0_2', 'question']
    ])
    expect(toolResultsIn(prompt).get('call_0')).toEqual({ type: 'json', value: { found: 'result for paint' } })
    expect(toolResultsIn(prompt).get('call_0_2')).toEqual({ type: 'json', value: blue })
  })
})
