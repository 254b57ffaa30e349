import { afterEach, describe, expect, it } from 'vitest'
import { question } from '../../src/tools/index.ts'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// A message sent while a question waits stays queued: its sender may edit or delete it until it
// starts, and a chat's queue is bounded (FrogBot's turn rules, docs/chat/turns.md).

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

async function waitingChat(options: Parameters<typeof testFrogbot>[0]['options'] = {}) {
  const model = scriptedModel([toolStep([{ toolCallId: 'call_q', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.'), textStep('And the edited one.')])
  const app = await testFrogbot({
    model,
    options,
    // An agent open to anonymous callers, so an owner-less chat has writers who are not its senders.
    agents: [{ slug: 'planner', model: 'fast', tools: [question], access: () => true }]
  })
  cleanups.push(app.close)
  const anonymous = (method: string, path: string, body?: unknown) => app.call(method, path, body, { authorization: '' })
  const first = await anonymous('POST', '/api/agents/planner', { prompt: 'Paint the shed', chatId: 'queued-message-test-chat-01' })
  expect(first.json.status).toBe('awaiting-input')
  const chatPath = '/api/agents/planner/chats/queued-message-test-chat-01'
  return { ...app, model, anonymous, chatPath }
}

describe('queued messages', () => {
  it('its sender edits and deletes it until it starts; anyone else gets 403; once it started it is 409 not-queued', async () => {
    const { call, anonymous, chatPath, model, user } = await waitingChat()
    const sent = await call('POST', '/api/agents/planner', { prompt: 'and the fence', chatId: 'queued-message-test-chat-01' })
    expect(sent).toMatchObject({ status: 202, json: { status: 'queued', chatId: 'queued-message-test-chat-01', delivery: 'queue' } })
    const messageId = sent.json.messageId
    expect((await call('GET', chatPath)).json.queued).toEqual([{ messageId, chatId: 'queued-message-test-chat-01', parts: [{ type: 'text', text: 'and the fence' }], text: 'and the fence', sender: { userId: user.id }, createdAt: expect.any(String) }])

    expect(await anonymous('PATCH', `${chatPath}/messages/${messageId}`, { text: 'not yours' })).toMatchObject({ status: 403, json: { code: 'forbidden' } })
    expect(await call('PATCH', `${chatPath}/messages/msg_nobody`, { text: 'x' })).toMatchObject({ status: 404, json: { code: 'not-found' } })
    expect(await call('PATCH', `${chatPath}/messages/${messageId}`, { text: '  ' })).toMatchObject({ status: 400 })
    const edited = await call('PATCH', `${chatPath}/messages/${messageId}`, { text: 'and the fence, in green' })
    expect(edited).toMatchObject({ status: 200, json: { messageId, text: 'and the fence, in green' } })

    const other = await anonymous('POST', '/api/agents/planner', { prompt: 'and the gate', chatId: 'queued-message-test-chat-01' })
    expect(other.status).toBe(202)
    expect((await anonymous('DELETE', `${chatPath}/messages/${other.json.messageId}`)).status).toBe(204)
    expect((await call('GET', chatPath)).json.queued.map((entry: any) => entry.text)).toEqual(['and the fence, in green'])

    expect((await anonymous('POST', `${chatPath}/settle`, { toolCallId: 'call_q', output: blue })).json.status).toBe('complete')
    await until(async () => (await call('GET', chatPath)).json.messages.length === 4)
    expect(await call('PATCH', `${chatPath}/messages/${messageId}`, { text: 'too late' })).toMatchObject({ status: 409, json: { code: 'not-queued' } })
    expect(await call('DELETE', `${chatPath}/messages/${messageId}`)).toMatchObject({ status: 409, json: { code: 'not-queued' } })
    const chat = (await call('GET', chatPath)).json
    expect(chat.messages[2].parts).toEqual([{ type: 'text', text: 'and the fence, in green' }])
    expect(model.doStreamCalls[2].prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'and the fence, in green' }] })
  })

  it('a chat holds a bounded queue: past the limit a message is 429 queue-full and nothing is stored', async () => {
    const { call, chatPath } = await waitingChat({ queueLimit: 2 })
    for (const text of ['one', 'two']) expect((await call('POST', '/api/agents/planner', { prompt: text, chatId: 'queued-message-test-chat-01' })).status).toBe(202)
    const refused = await call('POST', '/api/agents/planner', { prompt: 'three', chatId: 'queued-message-test-chat-01' })
    expect(refused).toMatchObject({ status: 429, json: { code: 'queue-full', error: 'This chat already has 2 messages waiting; wait until they have run, or edit or delete one.' } })
    expect((await call('GET', chatPath)).json.queued.map((entry: any) => entry.text)).toEqual(['one', 'two'])
  })

  it('an answer that comes with a message the full queue refuses is refused whole: 429, nothing settles (useChat, AG-UI)', async () => {
    const { call, chatPath } = await waitingChat({ queueLimit: 2 })
    const chatId = 'queued-message-test-chat-01'
    for (const text of ['one', 'two']) expect((await call('POST', '/api/agents/planner', { prompt: text, chatId })).status).toBe(202)
    const before = (await call('GET', chatPath)).json
    const [user, assistant] = before.messages.map(({ settlements: _settlements, ...message }: any) => message)
    const answered = (part: any) => (part.toolCallId === 'call_q' ? { ...part, state: 'output-available', output: blue } : part)
    const next = { id: 'u_three', role: 'user', parts: [{ type: 'text', text: 'three' }] }
    const messages = [user, { ...assistant, parts: assistant.parts.map(answered) }, next]
    const full = { status: 429, json: { code: 'queue-full' } }
    expect(await call('POST', '/api/agents/planner', { id: chatId, trigger: 'submit-message', messages })).toMatchObject(full)
    const resume = [{ interruptId: 'call_q', status: 'resolved', payload: blue }]
    const run = { threadId: chatId, runId: 'r1', messages: [{ id: 'u_three', role: 'user', content: 'three' }], resume }
    expect(await call('POST', '/api/agents/planner/ag-ui', run)).toMatchObject(full)
    expect((await call('GET', chatPath)).json).toEqual(before)
  })
})
