import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// A useChat resubmission: the answer travels as a tool part of the browser's copy of the messages.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

type Json = Record<string, any>

/** A chat waiting at `call_1` (the color question), and how to resubmit the browser's copy. */
async function waitingChat() {
  const asked = toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])
  const made = await testFrogbot({ model: scriptedModel([asked, textStep('Blue it is.')]) })
  cleanups.push(made.close)
  const { call } = made
  const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
  const chatId = first.json.chatId as string
  const read = async () => (await call('GET', `/api/agents/planner/chats/${chatId}`)).json
  const before = await read()
  const copy = before.messages.map(({ settlements: _settlements, ...message }: Json) => message)
  const at = copy[1].parts.findIndex((part: Json) => part.toolCallId === 'call_1')
  const resubmit = (change: Json, next?: Json) => {
    const parts = copy[1].parts.map((part: Json, i: number) => (i === at ? { ...part, ...change } : part))
    const messages = [copy[0], { ...copy[1], parts }, ...(next ? [next] : [])]
    return call('POST', '/api/agents/planner', { id: chatId, messages, trigger: 'submit-message' })
  }
  return { read, before, at, resubmit }
}

const answered = (answer: Json) => ({ state: 'output-available', output: { answers: [answer] } })

describe('a useChat resubmission', () => {
  it("names a bad answer's field by the path the client sent: messages.N.parts.M.output…", async () => {
    const { read, before, at, resubmit } = await waitingChat()
    const notOffered = await resubmit(answered({ header: 'Color', selected: ['Green'] }))
    expect(notOffered).toMatchObject({ status: 400, json: { code: 'invalid-output' } })
    const offered = '"Green" was not offered; choose one of "Red", "Blue"'
    expect(notOffered.json.error).toBe(`messages.1.parts.${at}.output.answers[0] ("Color"): ${offered}`)
    const unknown = await resubmit(answered({ header: 'Color', selected: ['Red'], x: 1 }))
    expect(unknown.json.error).toBe(`messages.1.parts.${at}.output.answers.0: unknown field "x"`)
    const wrongType = await resubmit(answered({ header: 'Color', selected: 'Red' }))
    expect(wrongType.json.error.startsWith(`messages.1.parts.${at}.output.answers.0.selected: `)).toBe(true)
    expect(await read()).toEqual(before)
  })

  it('names the path of an answer sent with the next message (no sendAutomaticallyWhen)', async () => {
    const { read, before, at, resubmit } = await waitingChat()
    const next = { id: 'msg_next_topic_01', role: 'user', parts: [{ type: 'text', text: 'And the fence?' }] }
    const refused = await resubmit(answered({ header: 'Color', selected: ['Green'] }), next)
    expect(refused).toMatchObject({ status: 400, json: { code: 'invalid-output' } })
    const field = `messages.1.parts.${at}.output.answers[0] ("Color")`
    expect(refused.json.error.startsWith(`${field}: "Green" was not offered`)).toBe(true)
    expect(await read()).toEqual(before)
  })

  it("keeps an output-error part's errorText as the dismissal's reason", async () => {
    const { read, at, resubmit } = await waitingChat()
    const dismissed = await resubmit({ state: 'output-error', errorText: 'Not my call to make' })
    expect(dismissed.status).toBe(200)
    const after = await read()
    const settlement = { toolCallId: 'call_1', outcome: 'dismissed', reason: 'Not my call to make' }
    expect(after.messages[1].settlements).toMatchObject([settlement])
    const errorText = 'Dismissed by the user. Reason: Not my call to make'
    expect(after.messages[1].parts[at]).toMatchObject({ state: 'output-error', errorText })
  })

  it('a dismissal without a reason of its own stays one: the plain dismissal text, or none', async () => {
    for (const errorText of ['Dismissed by the user.', '  ']) {
      const { read, resubmit } = await waitingChat()
      expect((await resubmit({ state: 'output-error', errorText })).status).toBe(200)
      const [settlement] = (await read()).messages[1].settlements
      expect(settlement).toMatchObject({ outcome: 'dismissed' })
      expect(settlement.reason).toBeUndefined()
    }
  })

  it('an errorText the reason rules refuse is 400 naming its path; nothing settles', async () => {
    const { read, before, at, resubmit } = await waitingChat()
    const nul = await resubmit({ state: 'output-error', errorText: 'No\u0000thanks' })
    expect(nul.status).toBe(400)
    expect(nul.json.error).toBe(`messages.1.parts.${at}.errorText: must not contain NUL (U+0000)`)
    const long = await resubmit({ state: 'output-error', errorText: 'x'.repeat(1001) })
    expect(long.status).toBe(400)
    const rule = 'is 1,001 characters; a dismissal reason holds at most 1,000'
    expect(long.json.error).toBe(`messages.1.parts.${at}.errorText: ${rule}`)
    expect(await read()).toEqual(before)
  })

  it('a tool part whose errorText or toolCallId is of the wrong type is 400 naming it, never a 500', async () => {
    const { read, before, at, resubmit } = await waitingChat()
    for (const errorText of [5, true, [], {}]) {
      const refused = await resubmit({ state: 'output-error', errorText })
      expect(refused.status, JSON.stringify(errorText)).toBe(400)
      expect(refused.json.error).toMatch(new RegExp(`^messages\\.1\\.parts\\.${at}\\.errorText: `))
    }
    for (const toolCallId of [5, null, {}, '']) {
      const refused = await resubmit({ ...answered({ header: 'Color', selected: ['Blue'] }), toolCallId })
      expect(refused.status, JSON.stringify(toolCallId)).toBe(400)
      expect(refused.json.error).toMatch(new RegExp(`^messages\\.1\\.parts\\.${at}\\.toolCallId: `))
    }
    expect(await read()).toEqual(before)
  })
})
