import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { internalsOf } from '../../src/frogbot-internals.ts'
import { localCaller } from '../../src/auth/callers.ts'

// Ids a client gave twice (a newcomer's report): a message id a chat already uses, and one call
// answered twice in one request. Each used to lose data or answer 409 write-conflict forever.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const chatId = 'duplicate-ids-chat-0123456789'
const chatPath = `/api/agents/planner/chats/${chatId}`
const until = async (check: () => Promise<boolean>) => {
  for (let tries = 0; !(await check()); tries++) {
    if (tries > 200) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
const userBody = (id: string, text: string) => ({ id: chatId, messages: [{ id, role: 'user', parts: [{ type: 'text', text }] }] })

/** A chat of planner waiting at question `call_q` (or ending with `status`), started with a useChat body whose message id is `u_1`. */
async function waitingChat(steps = [toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }], 'Let me ask.'), textStep('Blue it is.'), textStep('Queued done.'), textStep('More.')], status = 'awaiting-input') {
  const app = await testFrogbot({ model: scriptedModel(steps) })
  cleanups.push(app.close)
  const first = await app.call('POST', '/api/agents/planner', userBody('u_1', 'Paint the shed'))
  expect(first.json.status).toBe(status)
  return app
}

describe('a message id the chat already uses', () => {
  it('a second queued message with the id of a queued one is 400 naming messages.0.id; the first stays alone, and DELETE removes only it', async () => {
    const { call } = await waitingChat()
    const first = await call('POST', '/api/agents/planner', userBody('dup-1', 'first queued'))
    expect(first).toMatchObject({ status: 202, json: { status: 'queued', messageId: 'dup-1' } })
    const second = await call('POST', '/api/agents/planner', userBody('dup-1', 'second queued'))
    expect(second.status).toBe(400)
    expect(second.json.error).toBe('messages.0.id: "dup-1" is already the id of a message of this chat (stored or queued); give each new message its own id')
    expect((await call('GET', chatPath)).json.queued.map((entry: any) => [entry.messageId, entry.text])).toEqual([['dup-1', 'first queued']])

    // An exact repeat (a retry whose answer was lost) is answered as the first send, and queued once.
    const repeat = await call('POST', '/api/agents/planner', userBody('dup-1', 'first queued'))
    expect(repeat).toMatchObject({ status: 202, json: { status: 'queued', messageId: 'dup-1' } })
    expect((await call('GET', chatPath)).json.queued).toHaveLength(1)

    const edited = await call('PATCH', `${chatPath}/messages/dup-1`, { text: 'first queued, edited' })
    expect(edited).toMatchObject({ status: 200, json: { messageId: 'dup-1', text: 'first queued, edited' } })
    const other = await call('POST', '/api/agents/planner', userBody('dup-2', 'second queued'))
    expect(other.status).toBe(202)
    expect((await call('DELETE', `${chatPath}/messages/dup-1`)).status).toBe(204)
    expect((await call('GET', chatPath)).json.queued.map((entry: any) => entry.text)).toEqual(['second queued'])

    expect((await call('POST', `${chatPath}/settle`, { toolCallId: 'call_q', output: blue })).status).toBe(200)
    await until(async () => (await call('GET', chatPath)).json.messages.length === 4)
    const { messages, queued } = (await call('GET', chatPath)).json
    expect(queued).toEqual([])
    expect(messages.map((message: any) => message.id)).toContain('dup-2')
    expect(messages[2].parts).toEqual([{ type: 'text', text: 'second queued' }])
  })

  it('once queued, the id is refused to a message that is not its exact repeat (other text), and after it ran, even its repeat', async () => {
    const { call } = await waitingChat()
    expect((await call('POST', '/api/agents/planner', userBody('dup-1', 'first queued'))).status).toBe(202)
    expect((await call('POST', `${chatPath}/settle`, { toolCallId: 'call_q', output: blue })).status).toBe(200)
    await until(async () => (await call('GET', chatPath)).json.messages.length === 4)
    const before = (await call('GET', chatPath)).json
    const again = await call('POST', '/api/agents/planner', userBody('dup-1', 'first queued'))
    expect(again.status).toBe(400)
    expect(again.json.error).toMatch(/^messages\.0\.id: "dup-1" is already the id of a message of this chat/)
    expect((await call('GET', chatPath)).json).toEqual(before)
  })

  it('in an idle chat, a new message with the id of a stored message is 400, never a 500 nor an overwrite', async () => {
    const { call } = await waitingChat([textStep('Hi.'), textStep('Again.')], 'complete')
    const before = (await call('GET', chatPath)).json
    expect(before.chat.state).toBe('idle')
    for (const id of ['u_1', before.messages[1].id]) {
      const reused = await call('POST', '/api/agents/planner', userBody(id, 'Something else'))
      expect(reused.status).toBe(400)
      expect(reused.json.error).toBe(`messages.0.id: "${id}" is already the id of a message of this chat (stored or queued); give each new message its own id`)
    }
    expect((await call('GET', chatPath)).json).toEqual(before)
    expect((await call('POST', '/api/agents/planner', userBody('u_2', 'Something else'))).status).toBe(200)
  })

  it('the AG-UI door refuses the id of a queued message the same way, naming messages.N.id', async () => {
    const { call } = await waitingChat()
    const run = (id: string, content: string) => call('POST', '/api/agents/planner/ag-ui', { threadId: chatId, runId: `r_${content}`, messages: [{ id, role: 'user', content }] })
    expect((await run('dup-1', 'first queued')).status).toBe(200)
    const second = await run('dup-1', 'second queued')
    expect(second.status).toBe(400)
    expect(second.json.error).toMatch(/^messages\.0\.id: "dup-1" is already the id of a message of this chat/)
    expect((await run('u_1', 'the first message again')).status).toBe(400)
    expect((await call('GET', chatPath)).json.queued.map((entry: any) => entry.text)).toEqual(['first queued'])
  })
})

describe('one call answered twice in one request', () => {
  it('an AG-UI resume naming an interrupt twice is 400 naming resume.1.interruptId and the call, nothing stored; a single resume then settles', async () => {
    const { call } = await waitingChat()
    const before = (await call('GET', chatPath)).json
    const entry = { interruptId: 'call_q', status: 'resolved', payload: blue }
    const twice = await call('POST', '/api/agents/planner/ag-ui', { threadId: chatId, runId: 'r2', messages: [], resume: [entry, entry] })
    expect(twice.status).toBe(400)
    expect(twice.json.error).toBe('resume.1.interruptId: call "call_q" is settled twice in this request; send one answer per call')
    expect((await call('GET', chatPath)).json).toEqual(before)
    const once = await call('POST', '/api/agents/planner/ag-ui', { threadId: chatId, runId: 'r3', messages: [], resume: [entry] })
    expect(once.status).toBe(200)
    await until(async () => (await call('GET', chatPath)).json.chat.state === 'idle')
    expect((await call('GET', chatPath)).json.messages[1].settlements).toMatchObject([{ toolCallId: 'call_q', outcome: 'answered' }])
  })

  it('a useChat resubmission holding the same tool part twice (same output) is 400 naming messages.N.parts.M, nothing stored; once, it settles', async () => {
    const { call } = await waitingChat()
    const before = (await call('GET', chatPath)).json
    const [user, assistant] = before.messages
    const parts = assistant.parts.map((part: any) => (part.toolCallId === 'call_q' ? { ...part, state: 'output-available', output: blue } : part))
    const at = parts.findIndex((part: any) => part.toolCallId === 'call_q')
    const resubmit = (given: unknown[]) => call('POST', '/api/agents/planner', { id: chatId, messages: [user, { ...assistant, parts: given }], trigger: 'submit-message', messageId: assistant.id })
    const twice = await resubmit([...parts, parts[at]])
    expect(twice.status).toBe(400)
    expect(twice.json.error).toBe(`messages.1.parts.${parts.length}: call "call_q" is settled twice in this request; send one answer per call`)
    expect((await call('GET', chatPath)).json).toEqual(before)
    const once = await resubmit(parts)
    expect(once.status).toBe(200)
    expect((await call('GET', chatPath)).json.messages[1].settlements).toMatchObject([{ toolCallId: 'call_q', outcome: 'answered' }])
  })

  it('the engine refuses two inputs for one call naming inputs.N.toolCallId (dismissal or answer alike); one input still settles', async () => {
    const { frogbot, call, user } = await waitingChat()
    const { engine } = internalsOf(frogbot)
    const before = (await call('GET', chatPath)).json
    const req = localCaller(user as never)
    const twice = engine.settle({ chatId, inputs: [{ toolCallId: 'call_q', output: blue }, { toolCallId: 'call_q', dismissed: true }], req })
    await expect(twice).rejects.toMatchObject({ code: 'bad-request', message: 'inputs.1.toolCallId: call "call_q" is settled twice in this request; send one answer per call' })
    expect((await call('GET', chatPath)).json).toEqual(before)
    const once = await engine.settle({ chatId, inputs: [{ toolCallId: 'call_q', output: blue }], req })
    expect(once.kind).toBe('continued')
  })
})
