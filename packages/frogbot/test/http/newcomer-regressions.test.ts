import { join } from 'node:path'
import { MockLanguageModelV4 } from 'ai/test'
import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion, heldStep, scripted, scriptedModel, streamingModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { crash, testFrogbot } from '../helpers/test-frogbot.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

// Inputs a newcomer sent while trying to break the product, each once mishandled.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})
async function app(model: Parameters<typeof testFrogbot>[0]['model'], extra: Partial<Parameters<typeof testFrogbot>[0]> = {}) {
  const made = await testFrogbot({ model, ...extra })
  cleanups.push(made.close)
  return made
}

describe('requests a newcomer sent', () => {
  it('an unknown field inside an answer is 400 invalid-output naming it, not silently dropped', async () => {
    const { call } = await app(scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const before = (await call('GET', `/api/agents/planner/chats/${first.json.chatId}`)).json
    const refused = await call('POST', `/api/agents/planner/chats/${first.json.chatId}/settle`, { toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: ['Red'], x: 1 }] } })
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({ code: 'invalid-output' })
    expect(refused.json.error).toBe('output.answers.0: unknown field "x"')
    expect((await call('GET', `/api/agents/planner/chats/${first.json.chatId}`)).json).toEqual(before)
  })

  it('stop reads its body: bad JSON is 400 and a huge body 413', async () => {
    const { call } = await app(scriptedModel([textStep('Hi.')]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Hi' })
    expect((await call('POST', `/api/agents/planner/chats/${first.json.chatId}/stop`, '{not json')).status).toBe(400)
    expect((await call('POST', `/api/agents/planner/chats/${first.json.chatId}/stop`, JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }))).status).toBe(413)
    expect((await call('POST', `/api/agents/planner/chats/${first.json.chatId}/stop`, {})).json).toEqual({ chatId: first.json.chatId, stopped: false })
  })

  it('a blank prompt is 400 like an empty one', async () => {
    const { call } = await app(scriptedModel([]))
    const blank = await call('POST', '/api/agents/planner', { prompt: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.json.error).toBe('prompt: must not be empty or blank')
  })

  it("useChat's id and a chatId naming two chats are 400 naming id, not one of them taken", async () => {
    const { call } = await app(scriptedModel([textStep('Hi.'), textStep('Again.')]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Hi' })
    const both = await call('POST', '/api/agents/planner', { prompt: 'Hi', id: 'chat_other', chatId: first.json.chatId })
    expect(both.status).toBe(400)
    expect(both.json.error).toBe('id: names another chat than "chatId": send one of them, or the same chat id in both')
    expect((await call('POST', '/api/agents/planner', { prompt: 'Again', id: first.json.chatId, chatId: first.json.chatId })).status).not.toBe(400)
  })

  it("useChat's messageId must name a stored user message to edit: another id is 400, never appended as a new message", async () => {
    const { call } = await app(scriptedModel([textStep('Hi.'), textStep('Again.')]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Hi' })
    const chatId = first.json.chatId as string
    const before = (await call('GET', `/api/agents/planner/chats/${chatId}`)).json
    const message = { id: 'msg_elsewhere', role: 'user', parts: [{ type: 'text', text: 'Hello again' }] }
    const unknown = await call('POST', '/api/agents/planner', { id: chatId, messages: [message], trigger: 'submit-message', messageId: 'msg_elsewhere' })
    expect(unknown.status).toBe(400)
    expect(unknown.json.error).toBe('messageId: no user message "msg_elsewhere" in this chat to edit; leave messageId out to send a new message')
    const assistant = before.messages[1].id as string
    const notUser = await call('POST', '/api/agents/planner', { id: chatId, messages: [message], trigger: 'submit-message', messageId: assistant })
    expect(notUser.json.error).toContain(`messageId: no user message "${assistant}"`)
    const withoutChat = await call('POST', '/api/agents/planner', { prompt: 'Hi', messageId: 'msg_1' })
    expect(withoutChat.status).toBe(400)
    expect(withoutChat.json.error).toMatch(/^messageId: edits a user message of a chat/)
    expect((await call('GET', `/api/agents/planner/chats/${chatId}`)).json).toEqual(before)
  })

  it('an answer useChat sends with the next message (addToolOutput without sendAutomaticallyWhen) settles first; the message queues behind the continuation', async () => {
    const { call } = await app(scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.'), textStep('Next topic.')]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const chatId = first.json.chatId as string
    const read = async () => (await call('GET', `/api/agents/planner/chats/${chatId}`)).json
    const copy = (await read()).messages.map(({ settlements: _settlements, ...message }: Record<string, any>) => message)
    const asked = copy[1]
    asked.parts = asked.parts.map((part: Record<string, any>) => (part.toolCallId === 'call_1' ? { ...part, state: 'output-available', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } } : part))
    const next = { id: 'msg_next_topic_01', role: 'user', parts: [{ type: 'text', text: 'And the fence?' }] }
    const sent = await call('POST', '/api/agents/planner', { id: chatId, messages: [...copy, next], trigger: 'submit-message' })
    expect(sent.status).toBe(202)
    expect(String(sent.json)).toContain('"type":"data-queued","data":{"status":"queued"')
    for (let tries = 0; tries < 100 && (await read()).messages.length < 4; tries++) await new Promise((resolve) => setTimeout(resolve, 20))
    const after = await read()
    expect(after.messages[1].settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'answered' }])
    expect(after.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(JSON.stringify(after.messages[3].parts)).toContain('Next topic.')
  })

  it('a new message the door refuses settles nothing of the answer it carries', async () => {
    const { call } = await app(scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }]), textStep('Blue it is.')]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const chatId = first.json.chatId as string
    const read = async () => (await call('GET', `/api/agents/planner/chats/${chatId}`)).json
    const before = await read()
    const copy = before.messages.map(({ settlements: _settlements, ...message }: Record<string, any>) => message)
    copy[1].parts = copy[1].parts.map((part: Record<string, any>) => (part.toolCallId === 'call_1' ? { ...part, state: 'output-available', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } } : part))
    for (const text of ['bad \u0000 text', '   ']) {
      const next = { id: 'msg_refused_next_01', role: 'user', parts: [{ type: 'text', text }] }
      const refused = await call('POST', '/api/agents/planner', { id: chatId, messages: [...copy, next] })
      expect(refused.status).toBe(400)
      expect(refused.json.error).toMatch(/^messages\.2\.parts/)
    }
    expect(await read()).toEqual(before)
  })

  it("a malformed new chat id is named as the body sent it: useChat's id, or chatId", async () => {
    const { call } = await app(scriptedModel([]))
    const message = { id: 'msg_short_chat_01', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }
    expect((await call('POST', '/api/agents/planner', { id: 'short', messages: [message] })).json.error).toMatch(/^id: must be 16–128 letters/)
    expect((await call('POST', '/api/agents/planner', { chatId: 'short', prompt: 'Hi' })).json.error).toMatch(/^chatId: must be 16–128 letters/)
  })

  it('a body of thousands of unknown fields is refused naming the first five and how many more, not echoing them all', async () => {
    const { call } = await app(scriptedModel([]))
    const body: Record<string, unknown> = { prompt: 'Hi' }
    for (let index = 0; index < 8_000; index++) body[`field_${index}_${'x'.repeat(80)}`] = 1
    const refused = await call('POST', '/api/agents/planner', body)
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatch(/^body: unknown fields "field_0_x+…", "field_1_x+…", "field_2_x+…", "field_3_x+…", "field_4_x+…" and 7995 more$/)
    expect(refused.json.error.length).toBeLessThan(400)
  })

  it('an answer with thousands of unknown fields is refused in a short message', async () => {
    const { call } = await app(scriptedModel([toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const answer: Record<string, unknown> = { header: 'Color', selected: ['Red'] }
    for (let index = 0; index < 8_000; index++) answer[`field_${index}_${'x'.repeat(80)}`] = 1
    const refused = await call('POST', `/api/agents/planner/chats/${first.json.chatId}/settle`, { toolCallId: 'call_1', output: { answers: [answer] } })
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatch(/^output\.answers\.0: unknown fields "field_0_x+…", .* and 7995 more$/)
    expect(refused.json.error.length).toBeLessThanOrEqual(400)
  })

  it('a cursor that is not one, and a repeated parameter, are 400', async () => {
    const { call } = await app(scriptedModel([]))
    expect((await call('GET', '/api/agents/planner/chats?cursor=garbage')).json.error).toBe('cursor: not a cursor: pass the nextCursor of the previous page')
    // Shaped like one, but no instant FrogBot wrote: refused, not read as some page.
    for (const cursor of ['2026-02-30T10:00:00.000Z|chat_1', '2026-01-01T99:99:99.999Z|chat_1', '2026-01-01T10:00:00Z|chat_1', '2026-01-01T1:0:0.0Z|chat_1']) {
      expect((await call('GET', `/api/agents/planner/chats?cursor=${encodeURIComponent(cursor)}`)).json.error, cursor).toBe('cursor: not a cursor: pass the nextCursor of the previous page')
    }
    expect((await call('GET', '/api/agents/planner/chats?limit=1&limit=2')).json.error).toBe('limit: give it once')
    expect((await call('GET', '/api/agents/planner/chats?limit=abc')).json.error).toBe('limit: must be a whole number from 1 to 100')
    expect((await call('GET', '/api/chats?limit=0')).json.error).toBe('limit: must be a whole number from 1 to 100')
    expect((await call('GET', '/api/chats?foo=bar')).json.error).toBe('foo: unknown parameter; the parameters are limit, cursor')
  })

  it('a wrong method on a real path is 405 with Allow, not 404', async () => {
    const { call } = await app(scriptedModel([]))
    const wrong = await call('GET', '/api/agents/planner/chats/chat_x/settle')
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
    expect(wrong.json.code).toBe('method-not-allowed')
    expect((await call('GET', '/api/nothing/here')).status).toBe(404)
  })

  it('a failing model is 502 with its own message and the chat id, and the chat stays usable', async () => {
    let calls = 0
    const model = new MockLanguageModelV4({
      doStream: async () => {
        if (calls++ === 0) throw new Error('401 Incorrect API key provided')
        return { stream: scripted(textStep('Working now.'))() as never }
      }
    })
    const logged: string[] = []
    const { call } = await app(model, { options: { log: (line) => logged.push(line) } })
    const failed = await call('POST', '/api/agents/planner', { prompt: 'Hello' })
    expect(failed.status).toBe(502)
    expect(failed.json.error).toBe("The model failed: 401 Incorrect API key provided. Retry, or check the model's key and name. What it generated is kept in the chat.")
    expect(failed.json.chatId).toMatch(/^chat_/)
    expect(logged).toEqual([`frogbot: the model of agent "planner" failed in chat ${failed.json.chatId}: The model failed: 401 Incorrect API key provided. Retry, or check the model's key and name.`])
    const chat = (await call('GET', `/api/agents/planner/chats/${failed.json.chatId}`)).json
    expect(chat.chat.state).toBe('idle')
    expect(chat.messages[0].parts[0].text).toBe('Hello')
    expect((await call('POST', '/api/agents/planner', { prompt: 'Again', chatId: failed.json.chatId })).json.text).toBe('Working now.')
  })

  it('stop frees a chat whose server died, without waiting for the lease; a stopped turn says so', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const filename = join(temp.dir, 'frogbot.db')
    const dying = heldStep('Half')
    const first = await testFrogbot({ filename, model: streamingModel([dying.stream]) })
    void first.call('POST', '/api/agents/planner', { prompt: 'Go', chatId: 'crashed-chat-000000001' }).catch(() => {})
    await dying.started
    await crash(first.frogbot) // its process "dies" with the lease still 30 s away

    const held = heldStep('Partial answer')
    const second = await app(streamingModel([held.stream]), { filename })
    const started = Date.now()
    expect((await second.call('POST', '/api/agents/planner/chats/crashed-chat-000000001/stop')).json.stopped).toBe(true)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect((await second.call('GET', '/api/agents/planner/chats/crashed-chat-000000001/pending')).json.state).toBe('idle')

    const running = second.call('POST', '/api/agents/planner', { prompt: 'Again', chatId: 'crashed-chat-000000001' })
    await held.started
    await second.call('POST', '/api/agents/planner/chats/crashed-chat-000000001/stop')
    expect((await running).json).toMatchObject({ status: 'complete', stopped: true, text: expect.stringContaining('Partial') })
  })

  it('editing the first message renames the chat', async () => {
    const { call } = await app(scriptedModel([textStep('Red.'), textStep('Green.')]))
    await call('POST', '/api/agents/planner', { prompt: 'Paint it red', chatId: 'rename-chat-0000000001' })
    const messages = (await call('GET', '/api/agents/planner/chats/rename-chat-0000000001')).json.messages
    await call('PUT', `/api/agents/planner/chats/rename-chat-0000000001/messages/${messages[0].id}`, { text: 'Paint it green' })
    expect((await call('GET', '/api/agents/planner/chats/rename-chat-0000000001')).json.chat.title).toBe('Paint it green')
  })

  it('a blank edit is 400 and keeps the chat (it used to delete the rest of it); a blank user message too', async () => {
    const { call } = await app(scriptedModel([textStep('Red.')]))
    await call('POST', '/api/agents/planner', { prompt: 'Paint it red', chatId: 'blank-edit-chat-000001' })
    const before = (await call('GET', '/api/agents/planner/chats/blank-edit-chat-000001')).json
    const blank = await call('PUT', `/api/agents/planner/chats/blank-edit-chat-000001/messages/${before.messages[0].id}`, { text: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.json.error).toBe('text: must not be empty or blank')
    const blankMessage = await call('POST', '/api/agents/planner', { chatId: 'blank-edit-chat-000001', messages: [{ id: 'u2', role: 'user', parts: [{ type: 'text', text: ' ' }] }] })
    expect(blankMessage.status).toBe(400)
    expect((await call('GET', '/api/agents/planner/chats/blank-edit-chat-000001')).json).toEqual(before)
  })

  it('a trailing slash is 404 naming the route, not a contradictory 405', async () => {
    const { call } = await app(scriptedModel([]))
    const slash = await call('POST', '/api/agents/planner/', { prompt: 'x' })
    expect(slash.status).toBe(404)
    expect(slash.json.error).toContain('No route POST /api/agents/planner/')
  })
})

