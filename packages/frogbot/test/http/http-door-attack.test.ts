import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { colorQuestion } from '../../src/testing/scripted-model.ts'
import { keywordModel } from '../helpers/keyword-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

// A newcomer's attack on the HTTP door (routes under /api/agents/:slug/chats…), each finding
// through the app's own handler: the refusal names the field and the rule, and nothing stored changes.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

/** A FrogBot whose planner asks the seed's question when a message says "ask", else says "Hello.". */
async function app() {
  const made = await testFrogbot({ model: keywordModel({ ask: { toolName: 'question', input: colorQuestion } }) })
  cleanups.push(made.close)
  const chatPath = (chatId: string) => `/api/agents/planner/chats/${chatId}`
  const read = async (chatId: string) => (await made.call('GET', chatPath(chatId))).json
  return { ...made, chatPath, read }
}

describe('regenerate names the reply it re-runs', () => {
  it('a messageId that is not the last reply (stale) or no message of the chat is 400 naming messageId; nothing runs', async () => {
    const { call, read } = await app()
    const chatId = (await call('POST', '/api/agents/planner', { prompt: 'hello one' })).json.chatId as string
    await call('POST', '/api/agents/planner', { chatId, prompt: 'hello two' })
    const before = await read(chatId)
    const [, firstReply, lastUser, lastReply] = before.messages
    const regenerate = (messageId?: string) =>
      call('POST', '/api/agents/planner', { id: chatId, messages: before.messages.slice(0, 3), trigger: 'regenerate-message', ...(messageId === undefined ? {} : { messageId }) })

    const stale = await regenerate(firstReply.id)
    expect(stale.status).toBe(400)
    expect(stale.json.error).toBe(`messageId: "${firstReply.id}" is not the last reply of this chat; regenerate re-runs only the last reply (reload the chat: it changed)`)
    const unknown = await regenerate('msg_nope')
    expect(unknown.status).toBe(400)
    expect(unknown.json.error).toBe('messageId: no message "msg_nope" in this chat; regenerate re-runs the last reply')
    expect(await read(chatId)).toEqual(before)

    // The last reply, the last user message, or none: the last reply runs again.
    for (const messageId of [lastReply.id, lastUser.id, undefined]) expect((await regenerate(messageId)).status).toBe(200)
    expect((await read(chatId)).messages.map((message: { id: string }) => message.id).slice(0, 3)).toEqual(before.messages.slice(0, 3).map((message: { id: string }) => message.id))
  })

  it('a regenerate without the chat id is 400 naming trigger, never a new chat', async () => {
    const { call } = await app()
    const before = (await call('GET', '/api/chats')).json.chats
    const refused = await call('POST', '/api/agents/planner', { messages: [{ id: 'u_1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }], trigger: 'regenerate-message' })
    expect(refused.status).toBe(400)
    expect(refused.json.error).toBe('trigger: "regenerate-message" re-runs the last reply of a chat: send the chat\'s id (id or chatId)')
    expect((await call('GET', '/api/chats')).json.chats).toEqual(before)
  })
})

describe('a new message reusing a message id of the chat', () => {
  it('carrying an answer (addToolOutput, then sendMessage) is 400 naming its id before the answer settles; nothing changes', async () => {
    const { call, read } = await app()
    const chatId = (await call('POST', '/api/agents/planner', { prompt: 'ask me the color' })).json.chatId as string
    const before = await read(chatId)
    const [user, assistant] = before.messages
    const parts = assistant.parts.map((part: { toolCallId?: string }) =>
      part.toolCallId ? { ...part, state: 'output-available', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } } : part
    )
    const send = (id: string) => call('POST', '/api/agents/planner', { id: chatId, trigger: 'submit-message', messages: [user, { ...assistant, parts }, { id, role: 'user', parts: [{ type: 'text', text: 'next' }] }] })
    for (const id of [user.id, assistant.id]) {
      const reused = await send(id)
      expect(reused.status).toBe(400)
      expect(reused.json.error).toBe(`messages.2.id: "${id}" is already the id of a message of this chat (stored or queued); give each new message its own id`)
      expect(await read(chatId)).toEqual(before)
    }
    expect((await send('u_2')).status).toBe(202)
    expect((await read(chatId)).messages[1].settlements).toMatchObject([{ outcome: 'answered' }])
  })

  it('an AG-UI resume whose new message has the id of a queued one is 400 naming it before the resume settles', async () => {
    const { call, read } = await app()
    const chatId = (await call('POST', '/api/agents/planner', { prompt: 'ask me the color' })).json.chatId as string
    const queued = await call('POST', '/api/agents/planner', { id: chatId, messages: [{ id: 'q_1', role: 'user', parts: [{ type: 'text', text: 'later' }] }] })
    expect(queued.status).toBe(202)
    const before = await read(chatId)
    const resume = [{ interruptId: before.pending[0].toolCallId, status: 'resolved', payload: { answers: [{ header: 'Color', selected: ['Blue'] }] } }]
    const reused = await call('POST', '/api/agents/planner/ag-ui', { threadId: chatId, runId: 'r1', messages: [{ id: 'q_1', role: 'user', content: 'other' }], resume })
    expect(reused.status).toBe(400)
    expect(reused.json.error).toBe('messages.0.id: "q_1" is already the id of a message of this chat (stored or queued); give each new message its own id')
    expect(await read(chatId)).toEqual(before)
  })
})

describe('a query parameter on a route that takes none', () => {
  it('is 400 naming it, before the route does anything; the routes that take parameters still read theirs', async () => {
    const { call, read, chatPath } = await app()
    const chatId = (await call('POST', '/api/agents/planner', { prompt: 'ask me the color' })).json.chatId as string
    const before = await read(chatId)
    const toolCallId = before.pending[0].toolCallId
    const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
    const refused: [string, string, unknown?][] = [
      ['GET', chatPath(chatId)],
      ['GET', `${chatPath(chatId)}/pending`],
      ['GET', `${chatPath(chatId)}/stream`],
      ['POST', '/api/agents/planner', { chatId, prompt: 'hello' }],
      ['POST', `${chatPath(chatId)}/settle`, { toolCallId, output: blue }],
      ['POST', `${chatPath(chatId)}/stop`],
      ['PATCH', chatPath(chatId), { title: 'Mine' }],
      ['POST', `${chatPath(chatId)}/branch`, {}],
      ['PUT', `${chatPath(chatId)}/pending/${toolCallId}/draft`, { draft: { step: 1 } }],
      ['GET', '/api/agents'],
      ['GET', '/api/frogbot']
    ]
    for (const [method, path, body] of refused) {
      const answer = await call(method, `${path}?dryRun=1`, body)
      expect([method, path, answer.status, answer.json.error]).toEqual([method, path, 400, 'dryRun: unknown parameter; this route takes none'])
    }
    expect((await call('POST', `${chatPath(chatId)}/stop?=1`)).json.error).toBe("=1: a value without a parameter's name; this route takes none")
    expect(await read(chatId)).toEqual(before)
    expect((await call('GET', `${chatPath(chatId)}?`)).status).toBe(200)

    expect((await call('GET', '/api/chats?limit=5')).status).toBe(200)
    expect((await call('GET', '/api/agents/planner/chats?limit=5')).status).toBe(200)
    expect((await call('GET', '/api/pending?limit=5')).status).toBe(200)
    expect((await call('GET', '/api/chats?sort=new')).json.error).toBe('sort: unknown parameter; the parameters are limit, cursor')
    // A webhook's query is its platform's: the piece reads it.
    expect((await call('POST', '/api/webhooks/nowhere?validationToken=1', {})).json.code).toBe('not-found')
  })
})

describe('invisible characters in a chat title', () => {
  it('a rename made only of zero-width or bidi control characters is 400 naming title; the chat keeps its title', async () => {
    const { call, read, chatPath } = await app()
    const chatId = (await call('POST', '/api/agents/planner', { prompt: 'Plan the garden' })).json.chatId as string
    const before = await read(chatId)
    for (const title of ['\u200b\u200e\u202e\u2066', ' \ufeff\u2060 \u200d ', '\u202a\u202b\u202c\u202d\u2067\u2068\u2069\u200f\u061c']) {
      const refused = await call('PATCH', chatPath(chatId), { title })
      expect(refused.status).toBe(400)
      expect(refused.json.error).toBe('title: must hold a visible character, not only zero-width or bidi control characters')
    }
    expect(await read(chatId)).toEqual(before)
  })

  it('bidi embeddings, overrides and isolates are stripped from every stored title: renamed or from the first message', async () => {
    const { call, read, chatPath } = await app()
    const chatId = (await call('POST', '/api/agents/planner', { prompt: 'Plan \u202egnirps\u202c the \u2066garden\u2069' })).json.chatId as string
    expect((await read(chatId)).chat.title).toBe('Plan gnirps the garden')
    expect((await call('PATCH', chatPath(chatId), { title: 'Invoice \u202eFDP.exe' })).json.chat.title).toBe('Invoice FDP.exe')
    // An emoji's zero-width joiner stays: it is part of a visible character.
    expect((await call('PATCH', chatPath(chatId), { title: 'Team \u{1F469}\u200d\u{1F4BB}' })).json.chat.title).toBe('Team \u{1F469}\u200d\u{1F4BB}')
    const invisible = (await call('POST', '/api/agents/planner', { prompt: '\u202e\u200b hello' })).json.chatId as string
    expect((await read(invisible)).chat.title).toBe('hello')
    const none = (await call('POST', '/api/agents/planner', { prompt: '\u202e\u200b\u2066' })).json.chatId as string
    expect((await read(none)).chat.title).toBeNull()
  })
})

describe('a request body with a Content-Encoding', () => {
  it('is 400 naming Content-Encoding (never a 500, never read as if unencoded); identity is no encoding', async () => {
    const { call, read, chatPath } = await app()
    const chatId = (await call('POST', '/api/agents/planner', { prompt: 'ask me the color' })).json.chatId as string
    const before = await read(chatId)
    const chats = (await call('GET', '/api/chats')).json.chats
    const gzipped = new Uint8Array(gzipSync(JSON.stringify({ prompt: 'hello' })))
    for (const [encoding, body] of [['gzip', gzipped], ['br', { prompt: 'hello' }], ['GZIP, identity', gzipped]] as const) {
      const refused = await call('POST', '/api/agents/planner', body, { 'content-encoding': encoding })
      expect([encoding, refused.status, refused.json]).toEqual([encoding, 400, { error: `Content-Encoding: "${encoding}" is not read; send the body unencoded, without Content-Encoding` }])
    }
    const settle = { toolCallId: before.pending[0].toolCallId, output: { answers: [{ header: 'Color', selected: ['Blue'] }] } }
    expect((await call('POST', `${chatPath(chatId)}/settle`, new Uint8Array(gzipSync(JSON.stringify(settle))), { 'content-encoding': 'gzip' })).status).toBe(400)
    expect(await read(chatId)).toEqual(before)
    expect((await call('GET', '/api/chats')).json.chats).toEqual(chats)
    expect((await call('POST', `${chatPath(chatId)}/settle`, settle, { 'content-encoding': 'identity' })).status).toBe(200)
  })
})

describe("a dismissal's reason", () => {
  it('that is not a string, holds NUL or is too long is refused naming reason and the rule, over HTTP and from code alike; nothing is stored', async () => {
    const { call, read, chatPath, frogbot, user } = await app()
    const chatId = (await call('POST', '/api/agents/planner', { prompt: 'ask me the color' })).json.chatId as string
    const before = await read(chatId)
    const toolCallId = before.pending[0].toolCallId
    const refusals = [
      [7, 400, 'reason: must be a string', undefined],
      [['no'], 400, 'reason: must be a string', undefined],
      ['a\u0000b', 400, 'reason: must not contain NUL (U+0000)', undefined],
      ['x'.repeat(1001), 400, 'reason: is 1,001 characters; a dismissal reason holds at most 1,000', 'invalid-output']
    ] as const
    for (const [reason, status, error, code] of refusals) {
      const refused = await call('POST', `${chatPath(chatId)}/settle`, { toolCallId, dismissed: true, reason })
      expect([reason, refused.status, refused.json]).toEqual([reason, status, { error, ...(code ? { code } : {}) }])
      const fromCode = frogbot.settle({ chatId, toolCallId, dismissed: true, reason: reason as never, caller: { user: user as never } })
      await expect(fromCode).rejects.toMatchObject({ code: code ?? 'bad-request', message: error })
    }
    expect(await read(chatId)).toEqual(before)
    expect((await call('POST', `${chatPath(chatId)}/settle`, { toolCallId, dismissed: true, reason: 'x'.repeat(1000) })).status).toBe(200)
  })
})
