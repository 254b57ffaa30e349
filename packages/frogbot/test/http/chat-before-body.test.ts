import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { colorQuestion, scriptedModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { question } from '../../src/tools/index.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// docs/http/errors.md, "Which refusal comes first": on an agent whose `access` lets anyone write
// (anonymous callers too), a bad body (or query) sent to someone else's chat answered 400 naming
// the field, before the 401 (signed out) or 404 (another user) the chat gives: the chat was read
// only after the body. Who may see the chat now comes first; its owner still gets the 400.

let made: Awaited<ReturnType<typeof testFrogbot>>
let bob: string
let adaChat: string
let openChat: string
let callId: string
let messageId: string
beforeAll(async () => {
  const asks = toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }], 'Let me ask.')
  made = await testFrogbot({
    model: scriptedModel([asks, textStep('Hello.')]),
    agents: [{ slug: 'open', model: 'fast', tools: [question], access: () => true }]
  })
  const user = await ensureUser(storeOf(made.frogbot).db, { email: 'bob@example.com' })
  bob = `Bearer ${(await createApiToken(storeOf(made.frogbot).db, { userId: user.id, name: 'bob' })).token}`
  // Ada's chat waits for an answer; an owner-less chat started anonymously is anyone's with its id.
  const started = await made.call('POST', '/api/agents/open', { prompt: 'Paint the shed' })
  expect(started.json.status).toBe('awaiting-input')
  adaChat = started.json.chatId
  callId = started.json.pending[0].toolCallId
  messageId = (await made.call('GET', `/api/agents/open/chats/${adaChat}`)).json.messages[0].id
  const anonymous = await send('POST', '/api/agents/open', { prompt: 'Hi' })
  expect(anonymous.status).toBe(200)
  openChat = anonymous.json.chatId
})
afterAll(() => made?.close())

/** A request through the app's handler, as `authorization` (none: anonymous). */
async function send(method: string, path: string, body?: unknown, authorization?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (authorization) headers.authorization = authorization
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  const request = new Request(`http://localhost${path}`, { method, headers, body: text })
  return readAnswer(await made.frogbot.fetch(request))
}

/**
 * Routes of chat `chat` with a bad body or query: method, path, body, and the 400 a caller who
 * sees the chat gets.
 */
const badInputs = (chat: string): [string, string, unknown, RegExp][] => {
  const at = `/api/agents/open/chats/${chat}`
  const green = { toolCallId: callId, output: { answers: [{ header: 'Color', selected: ['Green'] }] } }
  const numbered = { id: chat, messages: [{ id: 'm9', role: 'user', parts: [{ type: 'text', text: 5 }] }] }
  const agUi = { threadId: chat, runId: 'r', messages: [], forwardedProps: null }
  return [
    ['POST', `${at}/settle`, {}, /^toolCallId: is required/],
    ['POST', `${at}/settle`, '{not json', /^body: not valid JSON$/],
    ['POST', `${at}/settle`, green, /"Green" was not/],
    ['POST', `${at}/stop`, { now: true }, /^body: unknown field "now"/],
    ['PATCH', at, { title: 5 }, /^title: /],
    ['DELETE', at, { force: true }, /^body: unknown field "force"/],
    ['PUT', `${at}/messages/${messageId}`, {}, /^text: is required/],
    ['POST', `${at}/branch`, { messageId: 5 }, /^messageId: /],
    ['PUT', `${at}/pending/${callId}/draft`, {}, /^draft: is required/],
    ['GET', `${at}?x=1`, undefined, /^x: unknown parameter/],
    ['POST', '/api/agents/open', { chatId: chat, prompt: 5 }, /^prompt: /],
    ['POST', '/api/agents/open', numbered, /^messages\.0\.parts\.0/],
    ['POST', '/api/agents/open/ag-ui', agUi, /^forwardedProps: must not be null/]
  ]
}

describe("a bad body to someone else's chat is refused as the chat is, before the body", () => {
  it('anonymous: 401 (sign in to open this chat); another user: 404; the owner: the 400', async () => {
    for (const [method, path, body, rule] of badInputs(adaChat)) {
      const named = `${method} ${path} ${JSON.stringify(body)}`
      const anonymous = await send(method, path, body)
      expect(anonymous.status, named).toBe(401)
      const signIn = 'Sign in or send "Authorization: Bearer <token>" to open this chat.'
      expect(anonymous.json, named).toMatchObject({ code: 'unauthorized', error: signIn })
      const other = await send(method, path, body, bob)
      expect(other.status, named).toBe(404)
      const notFound = `Chat "${adaChat}" was not found for agent "open".`
      expect(other.json, named).toMatchObject({ code: 'not-found', error: notFound })
      const owner = await send(method, path, body, `Bearer ${made.token}`)
      expect(owner.status, named).toBe(400)
      expect(owner.json.error, named).toMatch(rule)
    }
    // Nothing changed: the question still waits, the chat keeps its one exchange.
    const read = await made.call('GET', `/api/agents/open/chats/${adaChat}`)
    expect(read.json).toMatchObject({ chat: { state: 'awaiting' }, pending: [{ toolCallId: callId }] })
    expect(read.json.messages).toHaveLength(2)
  })

  it("a chat id no chat has is refused as another's chat: a bad body never tells which exists", async () => {
    const missing = 'chat_0123456789abcdefghijklmn'
    const at = `/api/agents/open/chats/${missing}`
    expect((await send('POST', `${at}/settle`, {}, bob)).json).toMatchObject({ code: 'not-found' })
    expect((await send('POST', `${at}/settle`, {})).json).toMatchObject({ code: 'unauthorized' })
    // A new chat id in a message's body is the chat the message starts: the body's refusal stands.
    const refused = await send('POST', '/api/agents/open', { chatId: missing, prompt: 5 }, bob)
    expect(refused.status).toBe(400)
    expect(refused.json.error).toMatch(/^prompt: /)
    const agUi = { threadId: missing, runId: 'r', messages: [], forwardedProps: null }
    expect((await send('POST', '/api/agents/open/ag-ui', agUi)).json.error).toMatch(/^forwardedProps: /)
  })

  it('an owner-less chat is anyone\'s with its id: its bad bodies are 400 to every caller', async () => {
    for (const authorization of [undefined, bob, `Bearer ${made.token}`]) {
      const stop = `/api/agents/open/chats/${openChat}/stop`
      const refused = await send('POST', stop, { now: true }, authorization)
      expect(refused.status, authorization ?? 'anonymous').toBe(400)
      expect(refused.json.error).toMatch(/^body: unknown field "now"/)
      const message = await send('POST', '/api/agents/open', { chatId: openChat, prompt: 5 }, authorization)
      expect(message.status, authorization ?? 'anonymous').toBe(400)
    }
  })
})
