import { DefaultChatTransport, isToolUIPart, type UIMessage } from 'ai'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterEach, describe, expect, it } from 'vitest'
import { ENDPOINTS, openApiDocument } from '../../src/http/openapi.ts'
import { colorQuestion, heldStep, scripted, scriptedModel, streamingModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { assemble, decodeChunks } from '../helpers/ui-stream.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const askColor = (id = 'call_1') => toolStep([{ toolCallId: id, toolName: 'question', input: colorQuestion }], 'Let me ask.')

async function app(model: Parameters<typeof testFrogbot>[0]['model'], extra: Partial<Parameters<typeof testFrogbot>[0]> = {}) {
  const made = await testFrogbot({ model, ...extra })
  cleanups.push(made.close)
  const raw = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    made.frogbot.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${made.token}`, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
    )
  const transport = new DefaultChatTransport<UIMessage>({
    api: 'http://localhost/api/agents/planner',
    headers: { authorization: `Bearer ${made.token}` },
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => made.frogbot.fetch(new Request(input, init))) as typeof fetch
  })
  return { ...made, raw, transport }
}

async function send(transport: DefaultChatTransport<UIMessage>, chatId: string, messages: UIMessage[], messageId?: string) {
  const stream = await transport.sendMessages({ chatId, messages, trigger: 'submit-message', messageId, abortSignal: undefined })
  const chunks = []
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
  }
  return chunks
}

const answered = (message: UIMessage, output: unknown): UIMessage => ({
  ...message,
  parts: message.parts.map((part) => (isToolUIPart(part) && part.state === 'input-available' ? ({ ...part, state: 'output-available', output } as never) : part))
})

describe('streaming', () => {
  it('a turn streams a UI message stream that ends with the call input-available, and the chat id in a header', async () => {
    const { raw } = await app(scriptedModel([askColor()]))
    const response = await raw('POST', '/api/agents/planner', { prompt: 'Paint the shed' }, { accept: 'text/event-stream' })
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const chatId = response.headers.get('x-frogbot-chat-id')
    expect(chatId).toMatch(/^chat_/)
    const chunks = await decodeChunks(response)
    expect(chunks[0]).toMatchObject({ type: 'start', messageId: expect.any(String) })
    expect(chunks.filter((chunk) => chunk.type === 'tool-input-available')).toMatchObject([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])
    expect(chunks.at(-1)).toMatchObject({ type: 'finish' })
  })

  it('a streamed settle continues with exactly one start carrying the existing message id', async () => {
    const { call, raw } = await app(scriptedModel([askColor(), textStep('Blue it is.')]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const messageId = first.json.pending[0].messageId
    const response = await raw('POST', `/api/agents/planner/chats/${first.json.chatId}/settle`, { toolCallId: 'call_1', output: blue }, { accept: 'text/event-stream' })
    const chunks = await decodeChunks(response)
    expect(chunks.filter((chunk) => chunk.type === 'start')).toEqual([expect.objectContaining({ type: 'start', messageId })])
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk: any) => chunk.delta).join('')).toBe('Blue it is.')
  })
})

describe('useChat requests (DefaultChatTransport)', () => {
  it('sends, pauses at the question, resubmits after addToolOutput, and continues the same message', async () => {
    const { transport, call } = await app(scriptedModel([askColor(), textStep('Blue it is.')]))
    const chatId = 'usechat-chat-000000001'
    const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Paint the shed' }] }
    const assistant = await assemble(await send(transport, chatId, [user]))
    expect(assistant.parts.find(isToolUIPart)).toMatchObject({ state: 'input-available', toolCallId: 'call_1' })

    const resubmitted = answered(assistant, blue)
    const continuation = await send(transport, chatId, [user, resubmitted], resubmitted.id)
    expect(continuation[0]).toMatchObject({ type: 'start', messageId: assistant.id })
    const final = await assemble(continuation, resubmitted)
    expect(final.id).toBe(assistant.id)
    expect(final.parts.filter((part) => part.type === 'text').map((part: any) => part.text)).toEqual(['Let me ask.', 'Blue it is.'])

    const stored = await call('GET', `/api/agents/planner/chats/${chatId}`)
    expect(stored.json.messages).toHaveLength(2)
    expect(stored.json.messages[1].settlements).toMatchObject([{ toolCallId: 'call_1', outcome: 'answered' }])
  })

  it('refuses a forged output for a call the server does not hold, storing nothing', async () => {
    const { transport, call } = await app(scriptedModel([askColor()]))
    const chatId = 'usechat-chat-000000002'
    const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Paint the shed' }] }
    const assistant = await assemble(await send(transport, chatId, [user]))
    const before = (await call('GET', `/api/agents/planner/chats/${chatId}`)).json
    const forged: UIMessage = { ...assistant, parts: [...answered(assistant, blue).parts, { type: 'tool-question', toolCallId: 'call_forged', state: 'output-available', input: colorQuestion, output: blue } as never] }
    await expect(send(transport, chatId, [user, forged], forged.id)).rejects.toThrow(/call_forged/)
    // A browser that rewrites the stored input to offer "Green" is checked against the stored input.
    const rewritten: UIMessage = {
      ...assistant,
      parts: assistant.parts.map((part) =>
        isToolUIPart(part) ? ({ ...part, state: 'output-available', input: { questions: [{ header: 'Color', question: 'x', options: [{ label: 'Green' }] }] }, output: { answers: [{ header: 'Color', selected: ['Green'] }] } } as never) : part
      )
    }
    await expect(send(transport, chatId, [user, rewritten], rewritten.id)).rejects.toThrow(/Green.{0,4} was not offered/)
    expect((await call('GET', `/api/agents/planner/chats/${chatId}`)).json).toEqual(before)
  })

  it('409 pending-calls while another call of the step has no output; 409 already-settled with the stored answer once continued', async () => {
    const two = toolStep([
      { toolCallId: 'call_a', toolName: 'question', input: colorQuestion },
      { toolCallId: 'call_b', toolName: 'question', input: colorQuestion }
    ])
    const { transport, raw, call } = await app(scriptedModel([two, textStep('Both answered.')]))
    const chatId = 'usechat-chat-000000003'
    const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Two questions' }] }
    const assistant = await assemble(await send(transport, chatId, [user]))
    const half: UIMessage = { ...assistant, parts: assistant.parts.map((part) => (isToolUIPart(part) && part.toolCallId === 'call_a' ? ({ ...part, state: 'output-available', output: blue } as never) : part)) }
    const body = (message: UIMessage) => ({ id: chatId, messages: [user, message], trigger: 'submit-message', messageId: message.id })
    const refused = await raw('POST', '/api/agents/planner', body(half))
    expect(refused.status).toBe(409)
    const refusedJson = await refused.json()
    expect(refusedJson.code).toBe('pending-calls')
    expect(refusedJson.pending.map((pending: any) => pending.toolCallId)).toEqual(['call_b'])
    expect((await call('GET', `/api/agents/planner/chats/${chatId}/pending`)).json.pending).toHaveLength(2)

    const full = answered(assistant, blue)
    expect((await raw('POST', '/api/agents/planner', body(full))).status).toBe(200)
    // A resubmission that arrives after the turn continued gets the winning answer to show (it used
    // to get turn-in-progress with nothing to show).
    const again = await raw('POST', '/api/agents/planner', body(full))
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'already-settled', settlement: { toolCallId: 'call_a', outcome: 'answered', part: { state: 'output-available', output: blue } } })
  })
})

describe('a resubmission that repeats a call answered elsewhere', () => {
  const red = { answers: [{ header: 'Color', selected: ['Red'] }] }
  const two = () =>
    toolStep([
      { toolCallId: 'call_a', toolName: 'question', input: colorQuestion },
      { toolCallId: 'call_b', toolName: 'question', input: colorQuestion }
    ])
  /** A step of two calls, `call_b` answered with Red over HTTP, and the chat as a tab that loads it now holds it. */
  async function halfAnswered(chatId: string) {
    const model = scriptedModel([two(), textStep('Both answered.')])
    const made = await app(model)
    const user: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Two questions' }] }
    await assemble(await send(made.transport, chatId, [user]))
    const settled = await made.call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_b', output: red })
    expect(settled.json).toMatchObject({ status: 'awaiting-input', pending: [{ toolCallId: 'call_a' }] })
    const loaded = (await made.call('GET', `/api/agents/planner/chats/${chatId}`)).json.messages as UIMessage[]
    return { ...made, model, user, loaded: loaded[1] }
  }

  it('passes over the unchanged stored answer of B, settles A and continues, through the useChat resubmission', async () => {
    const { transport, call, model, user, loaded } = await halfAnswered('usechat-chat-000000004')
    expect(loaded.parts.filter(isToolUIPart).map((part) => part.state)).toEqual(['input-available', 'output-available'])
    const resubmitted = answered(loaded, blue)
    const continuation = await assemble(await send(transport, 'usechat-chat-000000004', [user, resubmitted], resubmitted.id), resubmitted)
    expect(continuation.parts.filter((part) => part.type === 'text').map((part: any) => part.text)).toContain('Both answered.')
    expect(model.doStreamCalls).toHaveLength(2)
    const stored = (await call('GET', '/api/agents/planner/chats/usechat-chat-000000004')).json
    expect(stored.chat.state).toBe('idle')
    expect(stored.messages[1].settlements.map((entry: any) => [entry.toolCallId, entry.outcome])).toEqual([['call_b', 'answered'], ['call_a', 'answered']])
    expect(stored.messages[1].parts.filter(isToolUIPart).map((part: any) => part.output)).toEqual([blue, red])
  })

  it('the same over raw HTTP; a resubmission that changes B still gets 409 already-settled, storing nothing', async () => {
    const { raw, call, model, user, loaded } = await halfAnswered('usechat-chat-000000005')
    const body = (message: UIMessage) => ({ id: 'usechat-chat-000000005', messages: [user, message], trigger: 'submit-message', messageId: message.id })
    const changed: UIMessage = { ...answered(loaded, blue), parts: answered(loaded, blue).parts.map((part) => (isToolUIPart(part) && part.toolCallId === 'call_b' ? ({ ...part, output: blue } as never) : part)) }
    const refused = await raw('POST', '/api/agents/planner', body(changed))
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({ code: 'already-settled', settlement: { toolCallId: 'call_b', part: { output: red } } })
    expect((await call('GET', '/api/agents/planner/chats/usechat-chat-000000005/pending')).json.pending.map((entry: any) => entry.toolCallId)).toEqual(['call_a'])

    const done = await raw('POST', '/api/agents/planner', body(answered(loaded, blue)))
    expect(done.status).toBe(200)
    const chunks = await decodeChunks(done)
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk: any) => chunk.delta).join('')).toBe('Both answered.')
    expect(model.doStreamCalls).toHaveLength(2)
    // Once continued, the same resubmission repeats only stored answers: 409 already-settled with the first.
    const again = await raw('POST', '/api/agents/planner', body(answered(loaded, blue)))
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({ code: 'already-settled', settlement: { toolCallId: 'call_a' } })
  })
})

describe('chats, stop, join, edit, branch', () => {
  it('lists the caller’s chats newest first, one page at a time', async () => {
    const { call } = await app(scriptedModel([textStep('one'), textStep('two'), textStep('three')]))
    for (const prompt of ['first', 'second', 'third']) await call('POST', '/api/agents/planner', { prompt })
    const page = await call('GET', '/api/agents/planner/chats?limit=2')
    expect(page.json.chats.map((chat: any) => chat.title)).toEqual(['third', 'second'])
    const next = await call('GET', `/api/agents/planner/chats?limit=2&cursor=${encodeURIComponent(page.json.nextCursor)}`)
    expect(next.json).toMatchObject({ chats: [{ title: 'first', state: 'idle' }], nextCursor: null })
    expect((await call('GET', '/api/agents/planner/chats?limit=0')).status).toBe(400)
  })

  it('stop keeps what was generated and leaves the chat usable', async () => {
    const held = heldStep('Half a thought')
    const { call } = await app(streamingModel([held.stream, scripted(textStep('Fresh start.'))]))
    const running = call('POST', '/api/agents/planner', { prompt: 'Go', chatId: 'stop-chat-000000000001' })
    await held.started
    const stopped = await call('POST', '/api/agents/planner/chats/stop-chat-000000000001/stop')
    expect(stopped.json).toEqual({ chatId: 'stop-chat-000000000001', stopped: true })
    expect((await running).status).toBe(200)
    const chat = (await call('GET', '/api/agents/planner/chats/stop-chat-000000000001')).json
    expect(chat.chat.state).toBe('idle')
    expect(chat.messages[1].parts.find((part: any) => part.type === 'text').text).toContain('Half')
    expect((await call('POST', '/api/agents/planner/chats/stop-chat-000000000001/stop')).json.stopped).toBe(false)
    expect((await call('POST', '/api/agents/planner', { prompt: 'Again', chatId: 'stop-chat-000000000001' })).json.text).toBe('Fresh start.')
  })

  it('a second tab joins a streaming continuation from its start and sees the rest', async () => {
    const held = heldStep('Blue, because it calms.')
    const { call, raw } = await app(streamingModel([scripted(askColor()), held.stream]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const chatId = first.json.chatId
    const tabOne = raw('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: 'call_1', output: blue }, { accept: 'text/event-stream' })
    await held.started
    const tabTwo = await raw('GET', `/api/agents/planner/${chatId}/stream`)
    expect(tabTwo.status).toBe(200)
    held.release()
    const [one, two] = await Promise.all([tabOne.then(decodeChunks), decodeChunks(tabTwo)])
    expect(two[0]).toMatchObject({ type: 'start', messageId: first.json.pending[0].messageId })
    const text = (chunks: any[]) => chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta).join('')
    expect(text(one)).toBe('Blue, because it calms.')
    // The joining tab replays the whole message (useChat resets its copy on a resumed stream's
    // start): the text before the question and the answered question come first. It used to get
    // only the continuation, and the rest of the message vanished from its copy.
    const stored = (await call('GET', `/api/agents/planner/chats/${chatId}`)).json.messages.at(-1)
    const joined = await assemble(two)
    expect(joined.id).toBe(stored.id)
    expect(joined.parts).toEqual(stored.parts)
    expect((await raw('GET', `/api/agents/planner/chats/${chatId}/stream`)).status).toBe(204)
  })

  it('edit replaces a user message, drops what came after, and runs the turn again', async () => {
    const model = scriptedModel([textStep('Red shed.'), textStep('Noted.'), textStep('Green shed.')])
    const { call } = await app(model)
    const first = await call('POST', '/api/agents/planner', { prompt: 'Paint it red', chatId: 'edit-chat-000000000001' })
    await call('POST', '/api/agents/planner', { prompt: 'Thanks', chatId: 'edit-chat-000000000001' })
    const messages = (await call('GET', '/api/agents/planner/chats/edit-chat-000000000001')).json.messages
    expect(messages).toHaveLength(4)
    const edited = await call('PUT', `/api/agents/planner/chats/edit-chat-000000000001/messages/${messages[0].id}`, { text: 'Paint it green' })
    expect(edited.json).toMatchObject({ status: 'complete', text: 'Green shed.' })
    const after = (await call('GET', '/api/agents/planner/chats/edit-chat-000000000001')).json.messages
    expect(after.map((message: any) => message.parts.find((part: any) => part.type === 'text').text)).toEqual(['Paint it green', 'Green shed.'])
    expect(JSON.stringify(model.doStreamCalls[2].prompt)).not.toContain('red')
    expect(first.status).toBe(200)
    const assistantEdit = await call('PUT', `/api/agents/planner/chats/edit-chat-000000000001/messages/${after[1].id}`, { text: 'x' })
    expect(assistantEdit.status).toBe(404)
  })

  it('branch copies a waiting chat into a new private chat with the waiting call closed', async () => {
    const { call } = await app(scriptedModel([textStep('Hello.'), askColor()]))
    const first = await call('POST', '/api/agents/planner', { prompt: 'Hi', chatId: 'branch-chat-0000000001' })
    const waiting = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed', chatId: 'branch-chat-0000000001' })
    expect(waiting.json.status).toBe('awaiting-input')

    const whole = await call('POST', '/api/agents/planner/chats/branch-chat-0000000001/branch', {})
    expect(whole.status).toBe(201)
    const copy = (await call('GET', `/api/agents/planner/chats/${whole.json.chat.id}`)).json
    expect(copy.chat.state).toBe('idle')
    expect(copy.pending).toEqual([])
    expect(copy.messages.at(-1).parts.find((part: any) => part.toolCallId === 'call_1')).toMatchObject({ state: 'output-error', errorText: 'Closed without an answer.' })
    expect((await call('GET', '/api/agents/planner/chats/branch-chat-0000000001/pending')).json.pending).toHaveLength(1)

    const original = (await call('GET', '/api/agents/planner/chats/branch-chat-0000000001')).json.messages
    const upTo = await call('POST', '/api/agents/planner/chats/branch-chat-0000000001/branch', { messageId: original[1].id })
    const short = (await call('GET', `/api/agents/planner/chats/${upTo.json.chat.id}`)).json
    expect(short.messages.map((message: any) => message.role)).toEqual(['user', 'assistant'])
    expect(first.json.text).toBe('Hello.')
    expect((await call('POST', '/api/agents/planner/chats/branch-chat-0000000001/branch', { messageId: original[0].id })).status).toBe(404)
  })
})

describe('errors and the OpenAPI document', () => {
  it('a body over the limit is 413; unknown fields and wrong types are 400 naming the field', async () => {
    const { call } = await app(scriptedModel([]))
    const big = await call('POST', '/api/agents/planner', { prompt: 'x'.repeat(1024 * 1024 + 10) })
    expect(big.status).toBe(413)
    expect(big.json.code).toBe('payload-too-large')
    expect((await call('POST', '/api/agents/planner', { prompt: 'x', extra: 1 })).json.error).toBe('body: unknown field "extra"')
    expect((await call('POST', '/api/agents/planner', { prompt: 5 })).json.error).toMatch(/^prompt: /)
    expect((await call('POST', '/api/agents/planner', { prompt: 'a', messages: [] })).status).toBe(400)
  })

  it('is valid OpenAPI 3.1 and lists every endpoint', async () => {
    const { call, frogbot } = await app(scriptedModel([]))
    const document = (await call('GET', '/api/openapi.json')).json
    expect(document.openapi).toBe('3.1.0')
    expect(await new Validator().validate(document)).toMatchObject({ valid: true })
    for (const endpoint of ENDPOINTS) expect(document.paths[endpoint.path]?.[endpoint.method], `${endpoint.method} ${endpoint.path}`).toBeDefined()
    // Every API route the handler answers is documented (Hono's `:param` is OpenAPI's `{param}`);
    // the admin chat's pages under /admin are not part of the API.
    const served = frogbot.fetch.routes.filter((route) => route.path.startsWith('/api') || route.path === '/mcp').map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
    const documented = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    const aliases = ['get /api/agents/{slug}/{chatId}/stream'] // useChat's default resume URL, same operation as .../chats/{chatId}/stream
    expect(served.filter((route) => !documented.includes(route) && !aliases.includes(route))).toEqual([])
    expect(documented.filter((route) => !served.includes(route))).toEqual([])
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/agents/{slug}/chats/{chatId}/settle', '/api/agents/{slug}/chats/{chatId}/branch']))
  })

  it('documents what every route answers to a query parameter it does not take (400), and 503 while closing', async () => {
    const { call } = await app(scriptedModel([]))
    const document = openApiDocument()
    const statuses = (endpoint: { method: string; path: string }) =>
      Object.keys((document.paths[endpoint.path][endpoint.method] as { responses: object }).responses)
    for (const endpoint of ENDPOINTS) {
      const named = `${endpoint.method} ${endpoint.path}`
      expect(statuses(endpoint), named).toContain('503')
      const takesNone = !endpoint.path.startsWith('/api/webhooks/') && !endpoint.query
      if (takesNone) expect(statuses(endpoint), named).toContain('400')
    }
    // What the server answers, for routes that had no 400 documented before.
    for (const path of ['/api/agents', '/api/health', '/api/ready', '/api/openapi.json', '/api/frogbot', '/api/auth/me']) {
      const answered = await call('GET', `${path}?x=1`)
      const refused = [path, 400, 'x: unknown parameter; this route takes none']
      expect([path, answered.status, answered.json.error], path).toEqual(refused)
    }
  })

  it('serves the document built on the first request, the same on every later one', async () => {
    const { call } = await app(scriptedModel([]))
    const first = await call('GET', '/api/openapi.json')
    const again = await call('GET', '/api/openapi.json')
    expect([first.status, again.status]).toEqual([200, 200])
    expect(first.json).toEqual(openApiDocument())
    expect(again.json).toEqual(first.json)
  })
})
