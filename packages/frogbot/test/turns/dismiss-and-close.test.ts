import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ClientTool } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../helpers/scripted-model.ts'
import { tempDir, testFrogbot } from '../helpers/test-frogbot.ts'
import { lookupTool, pickFile, pickFileCall, toolCallsIn, toolResultsIn, userTextsIn } from './turn-test-kit.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const questionCall = { toolCallId: 'call_q', toolName: 'question', input: colorQuestion }

async function twoCallsWaiting(extraSteps: ReturnType<typeof textStep>[] = []) {
  const model = scriptedModel([toolStep([questionCall, pickFileCall], 'Two things first.'), ...extraSteps])
  const app = await testFrogbot({ model, tools: [pickFile] })
  cleanups.push(app.close)
  const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
  expect(first.json.status).toBe('awaiting-input')
  const chatId = first.json.chatId as string
  const snapshot = async () => app.call('GET', `/api/agents/planner/chats/${chatId}`).then((response) => response.json)
  return { ...app, model, first, chatId, snapshot, settleURL: `/api/agents/planner/chats/${chatId}/settle` }
}

function partOf(chat: any, toolCallId: string) {
  for (const message of chat.messages) {
    const part = message.parts.find((entry: any) => entry.toolCallId === toolCallId)
    if (part) return part
  }
  return undefined
}

describe('dismiss', () => {
  it('closes the other pending call of the step, leaves the chat idle and does not call the model', async () => {
    const { call, settleURL, model, snapshot, chatId, first } = await twoCallsWaiting()
    const response = await call('POST', settleURL, { toolCallId: 'call_q', dismissed: true })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      status: 'dismissed',
      chatId,
      messageId: first.json.pending[0].messageId,
      settlement: { toolCallId: 'call_q', outcome: 'dismissed', part: { state: 'output-error', errorText: 'Dismissed by the user.' } }
    })
    expect(response.json.settlement.by.userId).toEqual(expect.any(String))
    expect(response.json.settlement.reason).toBeUndefined()
    expect(model.doStreamCalls).toHaveLength(1)

    const chat = await snapshot()
    expect(chat.chat.state).toBe('idle')
    expect(chat.pending).toEqual([])
    expect(partOf(chat, 'call_q')).toMatchObject({ state: 'output-error', errorText: 'Dismissed by the user.' })
    expect(partOf(chat, 'call_file')).toMatchObject({ type: 'tool-pick_file', state: 'output-error', errorText: 'Closed without an answer.' })
    const assistant = chat.messages.find((message: any) => message.role === 'assistant')
    expect(assistant.settlements).toMatchObject([
      { toolCallId: 'call_q', outcome: 'dismissed', by: { userId: response.json.settlement.by.userId } },
      { toolCallId: 'call_file', outcome: 'closed', by: { system: true } }
    ])
    expect(new Date(assistant.settlements[1].at).toISOString()).toBe(assistant.settlements[1].at)
    const listed = await call('GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(listed.json).toMatchObject({ state: 'idle', pending: [] })
  })

  it('with a reason records it in the settlement and the tool error', async () => {
    const { call, settleURL, snapshot } = await twoCallsWaiting()
    const response = await call('POST', settleURL, { toolCallId: 'call_file', dismissed: true, reason: 'Not now' })
    expect(response.status).toBe(200)
    expect(response.json.settlement).toMatchObject({
      toolCallId: 'call_file',
      outcome: 'dismissed',
      reason: 'Not now',
      part: { state: 'output-error', errorText: 'Dismissed by the user. Reason: Not now' }
    })
    const chat = await snapshot()
    expect(partOf(chat, 'call_file').errorText).toBe('Dismissed by the user. Reason: Not now')
    expect(partOf(chat, 'call_q').errorText).toBe('Closed without an answer.')
    const assistant = chat.messages.find((message: any) => message.role === 'assistant')
    expect(assistant.settlements.find((entry: any) => entry.toolCallId === 'call_file').reason).toBe('Not now')
  })

  it('a later answer or dismissal of the closed call is 409 already-settled and changes nothing', async () => {
    const { call, settleURL, snapshot, model } = await twoCallsWaiting()
    await call('POST', settleURL, { toolCallId: 'call_q', dismissed: true })
    const after = await snapshot()
    for (const body of [{ toolCallId: 'call_file', output: { file: 'a.txt' } }, { toolCallId: 'call_file', dismissed: true }]) {
      const response = await call('POST', settleURL, body)
      expect(response.status).toBe(409)
      expect(response.json.error.code).toBe('already-settled')
      expect(response.json.settlement).toMatchObject({ toolCallId: 'call_file', outcome: 'closed', by: { system: true }, part: { errorText: 'Closed without an answer.' } })
    }
    const again = await call('POST', settleURL, { toolCallId: 'call_q', output: blue })
    expect(again.status).toBe(409)
    expect(again.json.error.code).toBe('already-settled')
    expect(again.json.settlement).toMatchObject({ outcome: 'dismissed' })
    expect(await snapshot()).toEqual(after)
    expect(model.doStreamCalls).toHaveLength(1)
  })

  it('after a partial answer, dismissing the other call keeps the answer and does not continue', async () => {
    const { call, settleURL, snapshot, model } = await twoCallsWaiting()
    await call('POST', settleURL, { toolCallId: 'call_q', output: blue })
    const response = await call('POST', settleURL, { toolCallId: 'call_file', dismissed: true })
    expect(response.status).toBe(200)
    expect(response.json.status).toBe('dismissed')
    expect(model.doStreamCalls).toHaveLength(1)
    const chat = await snapshot()
    expect(chat.chat.state).toBe('idle')
    expect(partOf(chat, 'call_q')).toMatchObject({ state: 'output-available', output: blue })
    expect(partOf(chat, 'call_file')).toMatchObject({ state: 'output-error', errorText: 'Dismissed by the user.' })
  })

  it('the next message after a dismissal runs a new turn whose transcript has a result for every call', async () => {
    const { call, settleURL, model, chatId } = await twoCallsWaiting([textStep('Then I will choose myself.')])
    await call('POST', settleURL, { toolCallId: 'call_q', dismissed: true, reason: 'Not now' })
    const next = await call('POST', '/api/agents/planner', { chatId, prompt: 'Just pick something' })
    expect(next.status).toBe(200)
    expect(next.json).toMatchObject({ status: 'complete', chatId, text: 'Then I will choose myself.' })
    const prompt = model.doStreamCalls[1].prompt
    const results = toolResultsIn(prompt)
    expect(results.get('call_q')).toEqual({ type: 'error-text', value: 'Dismissed by the user. Reason: Not now' })
    expect(results.get('call_file')).toEqual({ type: 'error-text', value: 'Closed without an answer.' })
    expect(userTextsIn(prompt)).toEqual(['Paint the shed', 'Just pick something'])
  })
})

describe('a new user message to a waiting chat', () => {
  it('closes its pending calls and starts a new turn with that message; no tool call is left without a result', async () => {
    const lookup = lookupTool()
    const model = scriptedModel([
      toolStep([{ toolCallId: 'call_s', toolName: 'lookup', input: { q: 'x' } }, questionCall, pickFileCall]),
      textStep('Green it is, then.')
    ])
    const app = await testFrogbot({ model, tools: [pickFile, lookup.tool] })
    cleanups.push(app.close)
    const first = await app.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const chatId = first.json.chatId
    expect(first.json.pending).toHaveLength(2)

    const next = await app.call('POST', '/api/agents/planner', { chatId, prompt: 'Actually, make it green' })
    expect(next.status).toBe(200)
    expect(next.json).toMatchObject({ status: 'complete', chatId, text: 'Green it is, then.' })
    expect(next.json.messageId).not.toBe(first.json.pending[0].messageId)
    expect(model.doStreamCalls).toHaveLength(2)

    const prompt = model.doStreamCalls[1].prompt
    expect(userTextsIn(prompt)).toEqual(['Paint the shed', 'Actually, make it green'])
    const calls = toolCallsIn(prompt)
    const results = toolResultsIn(prompt)
    expect([...calls.keys()].sort()).toEqual(['call_file', 'call_q', 'call_s'])
    for (const id of calls.keys()) expect(results.has(id), `a result for ${id}`).toBe(true)
    expect(results.get('call_q')).toEqual({ type: 'error-text', value: 'Closed without an answer.' })
    expect(results.get('call_file')).toEqual({ type: 'error-text', value: 'Closed without an answer.' })
    // the last message the model saw is the new user message
    expect((prompt as any[]).at(-1)).toMatchObject({ role: 'user' })

    const chat = await app.call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.state).toBe('idle')
    expect(chat.json.pending).toEqual([])
    expect(chat.json.messages.map((message: any) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(chat.json.messages[1].settlements).toMatchObject([
      { toolCallId: 'call_q', outcome: 'closed', by: { system: true } },
      { toolCallId: 'call_file', outcome: 'closed', by: { system: true } }
    ])
    const late = await app.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_q', output: blue })
    expect(late.status).toBe(409)
    expect(late.json.error.code).toBe('already-settled')
    expect(late.json.settlement.outcome).toBe('closed')
    expect(model.doStreamCalls).toHaveLength(2)
  })
})

describe('409 not-awaiting', () => {
  it('a call still marked pending in a chat that is not waiting for input cannot be settled', async () => {
    const { call, settleURL, frogbot, chatId, snapshot, model } = await twoCallsWaiting()
    // Not reachable through the API (every path that leaves awaiting-input also settles its calls):
    // simulate it by moving the chat to idle behind FrogBot's back.
    await frogbot.store.db.updateTable('frogbot_chats').set({ state: 'idle' }).where('id', '=', chatId).execute()
    const before = await snapshot()
    for (const body of [{ toolCallId: 'call_q', output: blue }, { toolCallId: 'call_q', dismissed: true }]) {
      const response = await call('POST', settleURL, body)
      expect(response.status).toBe(409)
      expect(response.json.error.code).toBe('not-awaiting')
    }
    expect(await snapshot()).toEqual(before)
    expect(model.doStreamCalls).toHaveLength(1)
  })
})

describe('409 tool-unavailable after a deploy changed the tool', () => {
  async function askThenRestart(toolsAfter: ClientTool[]) {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const filename = join(temp.dir, 'frogbot.db')
    const before = await testFrogbot({ filename, model: scriptedModel([toolStep([pickFileCall])]), tools: [pickFile] })
    const first = await before.call('POST', '/api/agents/planner', { prompt: 'Pick a file' })
    expect(first.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_file' }] })
    await before.close()

    const model = scriptedModel([textStep('Fine, no file.')])
    const after = await testFrogbot({
      filename,
      model,
      agents: [{ slug: 'planner', model: 'fast', instructions: 'Ask before choosing.', tools: [question, ...toolsAfter] }]
    })
    cleanups.push(after.close)
    const chatId = first.json.chatId
    const snapshot = async () => after.call('GET', `/api/agents/planner/chats/${chatId}`).then((response) => response.json)
    return { ...after, model, chatId, snapshot, settleURL: `/api/agents/planner/chats/${chatId}/settle` }
  }

  const changedOutput: ClientTool = { ...pickFile, outputSchema: z.object({ file: z.string(), line: z.number() }), client: { kind: 'pick-file' } }

  it.each([
    ['removed', [] as ClientTool[]],
    ['with a changed outputSchema', [changedOutput]]
  ])('an answer to a call of a tool that was %s is 409 tool-unavailable; dismissing still works', async (_name, toolsAfter) => {
    const { call, settleURL, snapshot, model, chatId } = await askThenRestart(toolsAfter)
    const before = await snapshot()
    expect(before.chat.state).toBe('awaiting-input')
    for (const output of [{ file: 'a.txt' }, { file: 'a.txt', line: 3 }]) {
      const response = await call('POST', settleURL, { toolCallId: 'call_file', output })
      expect(response.status).toBe(409)
      expect(response.json.error.code).toBe('tool-unavailable')
    }
    expect(await snapshot()).toEqual(before)

    const dismissed = await call('POST', settleURL, { toolCallId: 'call_file', dismissed: true })
    expect(dismissed.status).toBe(200)
    expect(dismissed.json).toMatchObject({ status: 'dismissed', settlement: { outcome: 'dismissed', part: { errorText: 'Dismissed by the user.' } } })
    expect(model.doStreamCalls).toHaveLength(0)
    const chat = await snapshot()
    expect(chat.chat.state).toBe('idle')
    expect(chat.pending).toEqual([])

    // and the chat goes on with the next message
    const next = await call('POST', '/api/agents/planner', { chatId, prompt: 'Never mind' })
    expect(next.status).toBe(200)
    expect(next.json).toMatchObject({ status: 'complete', text: 'Fine, no file.' })
    expect(toolResultsIn(model.doStreamCalls[0].prompt).get('call_file')).toEqual({ type: 'error-text', value: 'Dismissed by the user.' })
  })

  it('an unchanged tool after the restart answers normally', async () => {
    const { call, settleURL, model } = await askThenRestart([pickFile])
    const response = await call('POST', settleURL, { toolCallId: 'call_file', output: { file: 'b.txt' } })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({ status: 'complete', text: 'Fine, no file.' })
    expect(model.doStreamCalls).toHaveLength(1)
  })
})
