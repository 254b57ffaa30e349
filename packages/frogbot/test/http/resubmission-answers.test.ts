import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// A useChat resubmission: the answer travels as a tool part of the browser's copy of the messages.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

/** A chat waiting at `call_1` (the color question), and how to resubmit the browser's copy with that part changed. */
async function waitingChat() {
  const made = await testFrogbot({ model: scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')]) })
  cleanups.push(made.close)
  const { call } = made
  const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
  const chatId = first.json.chatId as string
  const read = async () => (await call('GET', `/api/agents/planner/chats/${chatId}`)).json
  const before = await read()
  const copy = before.messages.map(({ settlements: _settlements, ...message }: Record<string, any>) => message)
  const at = copy[1].parts.findIndex((part: Record<string, any>) => part.toolCallId === 'call_1')
  const resubmit = (change: Record<string, unknown>, next?: Record<string, unknown>) => {
    const parts = copy[1].parts.map((part: Record<string, any>, index: number) => (index === at ? { ...part, ...change } : part))
    return call('POST', '/api/agents/planner', { id: chatId, messages: [copy[0], { ...copy[1], parts }, ...(next ? [next] : [])], trigger: 'submit-message' })
  }
  return { read, before, at, resubmit }
}

describe('a useChat resubmission', () => {
  it("names a bad answer's field by the path the client sent: messages.N.parts.M.output…", async () => {
    const { read, before, at, resubmit } = await waitingChat()
    const output = (answer: Record<string, unknown>) => resubmit({ state: 'output-available', output: { answers: [answer] } })
    const notOffered = await output({ header: 'Color', selected: ['Green'] })
    expect(notOffered).toMatchObject({ status: 400, json: { code: 'invalid-output', error: `messages.1.parts.${at}.output.answers[0] ("Color"): "Green" was not offered; choose one of "Red", "Blue"` } })
    const unknown = await output({ header: 'Color', selected: ['Red'], x: 1 })
    expect(unknown.json.error).toBe(`messages.1.parts.${at}.output.answers.0: unknown field "x"`)
    const wrongType = await output({ header: 'Color', selected: 'Red' })
    expect(wrongType.json.error).toMatch(new RegExp(`^messages\\.1\\.parts\\.${at}\\.output\\.answers\\.0\\.selected: `))
    expect(await read()).toEqual(before)
  })

  it('names the path of an answer sent with the next message too (addToolOutput without sendAutomaticallyWhen)', async () => {
    const { read, before, at, resubmit } = await waitingChat()
    const next = { id: 'msg_next_topic_01', role: 'user', parts: [{ type: 'text', text: 'And the fence?' }] }
    const refused = await resubmit({ state: 'output-available', output: { answers: [{ header: 'Color', selected: ['Green'] }] } }, next)
    expect(refused).toMatchObject({ status: 400, json: { code: 'invalid-output' } })
    expect(refused.json.error).toMatch(new RegExp(`^messages\\.1\\.parts\\.${at}\\.output\\.answers\\[0\\] \\("Color"\\): "Green" was not offered`))
    expect(await read()).toEqual(before)
  })

  it("keeps an output-error part's errorText as the dismissal's reason", async () => {
    const { read, at, resubmit } = await waitingChat()
    const dismissed = await resubmit({ state: 'output-error', errorText: 'Not my call to make' })
    expect(dismissed.status).toBe(200)
    const after = await read()
    expect(after.messages[1].settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'dismissed', reason: 'Not my call to make' }])
    expect(after.messages[1].parts[at]).toMatchObject({ state: 'output-error', errorText: 'Dismissed by the user. Reason: Not my call to make' })
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

  it('an errorText the reason rules refuse is 400 naming messages.N.parts.M.errorText, and nothing settles', async () => {
    const { read, before, at, resubmit } = await waitingChat()
    const nul = await resubmit({ state: 'output-error', errorText: 'No\u0000thanks' })
    expect(nul).toMatchObject({ status: 400, json: { error: `messages.1.parts.${at}.errorText: must not contain NUL (U+0000)` } })
    const long = await resubmit({ state: 'output-error', errorText: 'x'.repeat(1001) })
    expect(long.status).toBe(400)
    expect(long.json.error).toBe(`messages.1.parts.${at}.errorText: is 1,001 characters; a dismissal reason holds at most 1,000`)
    expect(await read()).toEqual(before)
  })
})
