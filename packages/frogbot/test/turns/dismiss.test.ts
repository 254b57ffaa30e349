import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ClientTool } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { pickFile, pickFileCall, toolResultsIn, userTextsIn } from './turn-test-kit.ts'
import { storeOf } from '../../src/frogbot-internals.ts'

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
  it('cancels the other pending call of the step, leaves the chat idle and does not call the model', async () => {
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
    expect(partOf(chat, 'call_file')).toMatchObject({ type: 'tool-pick_file', state: 'output-error', errorText: 'Cancelled because the user dismissed a related request.' })
    const assistant = chat.messages.find((message: any) => message.role === 'assistant')
    expect(assistant.settlements).toMatchObject([
      { toolCallId: 'call_q', outcome: 'dismissed', by: { userId: response.json.settlement.by.userId } },
      { toolCallId: 'call_file', outcome: 'cancelled', by: { system: true } }
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
    expect(partOf(chat, 'call_q').errorText).toBe('Cancelled because the user dismissed a related request.')
    const assistant = chat.messages.find((message: any) => message.role === 'assistant')
    expect(assistant.settlements.find((entry: any) => entry.toolCallId === 'call_file').reason).toBe('Not now')
  })

  it('a later answer or dismissal of the cancelled call is 409 already-settled and changes nothing', async () => {
    const { call, settleURL, snapshot, model } = await twoCallsWaiting()
    await call('POST', settleURL, { toolCallId: 'call_q', dismissed: true })
    const after = await snapshot()
    for (const body of [{ toolCallId: 'call_file', output: { file: 'a.txt' } }, { toolCallId: 'call_file', dismissed: true }]) {
      const response = await call('POST', settleURL, body)
      expect(response.status).toBe(409)
      expect(response.json.code).toBe('already-settled')
      expect(response.json.settlement).toMatchObject({ toolCallId: 'call_file', outcome: 'cancelled', by: { system: true }, part: { errorText: 'Cancelled because the user dismissed a related request.' } })
    }
    const again = await call('POST', settleURL, { toolCallId: 'call_q', output: blue })
    expect(again.status).toBe(409)
    expect(again.json.code).toBe('already-settled')
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
    expect(results.get('call_file')).toEqual({ type: 'error-text', value: 'Cancelled because the user dismissed a related request.' })
    expect(userTextsIn(prompt)).toEqual(['Paint the shed', 'Just pick something'])
  })
})

describe('409 not-awaiting', () => {
  it('a call still marked pending in a chat that is not waiting for input cannot be settled', async () => {
    const { call, settleURL, frogbot, chatId, snapshot, model } = await twoCallsWaiting()
    // Not reachable through the API (every path that leaves awaiting-input also settles its calls):
    // simulate it by moving the chat to idle behind FrogBot's back.
    await storeOf(frogbot).db.updateTable('frogbot_chats').set({ state: 'idle' }).where('id', '=', chatId).execute()
    const before = await snapshot()
    for (const body of [{ toolCallId: 'call_q', output: blue }, { toolCallId: 'call_q', dismissed: true }]) {
      const response = await call('POST', settleURL, body)
      expect(response.status).toBe(409)
      expect(response.json.code).toBe('not-awaiting')
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
    expect(before.chat.state).toBe('awaiting')
    for (const output of [{ file: 'a.txt' }, { file: 'a.txt', line: 3 }]) {
      const response = await call('POST', settleURL, { toolCallId: 'call_file', output })
      expect(response.status).toBe(409)
      expect(response.json.code).toBe('tool-unavailable')
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
