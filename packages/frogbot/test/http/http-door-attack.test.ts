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

const blue = { answers: [{ header: 'Color', selected: ['Blue'] }] }
const userMessage = (id: string, text: string) => ({ id, role: 'user', parts: [{ type: 'text', text }] })

/** A FrogBot whose planner asks the seed's question when a message says "ask", else says "Hello.". */
async function app() {
  const model = keywordModel({ ask: { toolName: 'question', input: colorQuestion } })
  const made = await testFrogbot({ model })
  cleanups.push(made.close)
  const chatPath = (chatId: string) => `/api/agents/planner/chats/${chatId}`
  const read = async (chatId: string) => (await made.call('GET', chatPath(chatId))).json
  /** A new chat started with `prompt`: its id. */
  const start = async (prompt: string) => {
    const started = await made.call('POST', '/api/agents/planner', { prompt })
    return started.json.chatId as string
  }
  return { ...made, chatPath, read, start }
}

const ids = (messages: { id: string }[]) => messages.map((message) => message.id)

describe('regenerate names the reply it re-runs', () => {
  it('a stale messageId (not the last reply) or an unknown one is 400 naming it; nothing runs', async () => {
    const { call, read, start } = await app()
    const chatId = await start('hello one')
    await call('POST', '/api/agents/planner', { chatId, prompt: 'hello two' })
    const before = await read(chatId)
    const [, firstReply, lastUser, lastReply] = before.messages
    const regenerate = (messageId?: string) =>
      call('POST', '/api/agents/planner', {
        id: chatId,
        messages: before.messages.slice(0, 3),
        trigger: 'regenerate-message',
        ...(messageId === undefined ? {} : { messageId })
      })

    const stale = await regenerate(firstReply.id)
    expect(stale.status).toBe(400)
    const rule = 'regenerate re-runs only the last reply (reload the chat: it changed)'
    expect(stale.json.error).toBe(`messageId: "${firstReply.id}" is not the last reply of this chat; ${rule}`)
    const unknown = await regenerate('msg_nope')
    expect(unknown.status).toBe(400)
    const none = 'messageId: no message "msg_nope" in this chat; regenerate re-runs the last reply'
    expect(unknown.json.error).toBe(none)
    expect(await read(chatId)).toEqual(before)

    // The last reply, the last user message, or none: the last reply runs again.
    for (const messageId of [lastReply.id, lastUser.id, undefined]) {
      expect((await regenerate(messageId)).status).toBe(200)
    }
    expect(ids((await read(chatId)).messages).slice(0, 3)).toEqual(ids(before.messages).slice(0, 3))
  })

  it('a regenerate without the chat id is 400 naming trigger, never a new chat', async () => {
    const { call } = await app()
    const before = (await call('GET', '/api/chats')).json.chats
    const body = { messages: [userMessage('u_1', 'hi')], trigger: 'regenerate-message' }
    const refused = await call('POST', '/api/agents/planner', body)
    expect(refused.status).toBe(400)
    const rule = 're-runs the last reply of a chat: send the chat\'s id (id or chatId)'
    expect(refused.json.error).toBe(`trigger: "regenerate-message" ${rule}`)
    expect((await call('GET', '/api/chats')).json.chats).toEqual(before)
  })
})

describe('a new message reusing a message id of the chat', () => {
  const rule = 'is already the id of a message of this chat (stored or queued); ' +
    'give each new message its own id'
  const taken = (field: string, id: string) => `${field}: "${id}" ${rule}`

  it('with an answer (addToolOutput, sendMessage) is 400 naming its id before it settles', async () => {
    const { call, read, start } = await app()
    const chatId = await start('ask me the color')
    const before = await read(chatId)
    const [user, assistant] = before.messages
    const answer = (part: { toolCallId?: string }) =>
      part.toolCallId ? { ...part, state: 'output-available', output: blue } : part
    const answered = { ...assistant, parts: assistant.parts.map(answer) }
    const send = (id: string) => {
      const messages = [user, answered, userMessage(id, 'next')]
      return call('POST', '/api/agents/planner', { id: chatId, trigger: 'submit-message', messages })
    }
    for (const id of [user.id, assistant.id]) {
      const reused = await send(id)
      expect(reused.status).toBe(400)
      expect(reused.json.error).toBe(taken('messages.2.id', id))
      expect(await read(chatId)).toEqual(before)
    }
    expect((await send('u_2')).status).toBe(202)
    expect((await read(chatId)).messages[1].settlements).toMatchObject([{ outcome: 'answered' }])
  })

  it('an AG-UI resume whose new message has a queued id is 400 naming it before it settles', async () => {
    const { call, read, start } = await app()
    const chatId = await start('ask me the color')
    const later = { id: chatId, messages: [userMessage('q_1', 'later')] }
    const queued = await call('POST', '/api/agents/planner', later)
    expect(queued.status).toBe(202)
    const before = await read(chatId)
    const resume = [{ interruptId: before.pending[0].toolCallId, status: 'resolved', payload: blue }]
    const messages = [{ id: 'q_1', role: 'user', content: 'other' }]
    const run = { threadId: chatId, runId: 'r1', messages, resume }
    const reused = await call('POST', '/api/agents/planner/ag-ui', run)
    expect(reused.status).toBe(400)
    expect(reused.json.error).toBe(taken('messages.0.id', 'q_1'))
    expect(await read(chatId)).toEqual(before)
  })
})

describe('a query parameter on a route that takes none', () => {
  it('is 400 naming it, before the route acts; the routes that take some still read them', async () => {
    const { call, read, chatPath, start } = await app()
    const chatId = await start('ask me the color')
    const before = await read(chatId)
    const toolCallId = before.pending[0].toolCallId
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
      const rule = 'dryRun: unknown parameter; this route takes none'
      expect([method, path, answer.status, answer.json.error]).toEqual([method, path, 400, rule])
    }
    const nameless = await call('POST', `${chatPath(chatId)}/stop?=1`)
    expect(nameless.json.error).toBe("=1: a value without a parameter's name; this route takes none")
    expect(await read(chatId)).toEqual(before)
    expect((await call('GET', `${chatPath(chatId)}?`)).status).toBe(200)

    expect((await call('GET', '/api/chats?limit=5')).status).toBe(200)
    expect((await call('GET', '/api/agents/planner/chats?limit=5')).status).toBe(200)
    expect((await call('GET', '/api/pending?limit=5')).status).toBe(200)
    const sort = (await call('GET', '/api/chats?sort=new')).json.error
    expect(sort).toBe('sort: unknown parameter; the parameters are limit, cursor')
    // A webhook's query is its platform's: the piece reads it.
    expect((await call('POST', '/api/webhooks/nowhere?validationToken=1', {})).json.code).toBe('not-found')
  })
})

describe('invisible characters in a chat title', () => {
  it('a rename of only zero-width or bidi controls is 400 naming title; the title stays', async () => {
    const { call, read, chatPath, start } = await app()
    const chatId = await start('Plan the garden')
    const before = await read(chatId)
    const bidi = '\u202a\u202b\u202c\u202d\u2067\u2068\u200f'
    // Default-ignorable characters too: a grapheme joiner, variation selectors, Hangul fillers.
    const ignorable = '\u034f\ufe0f\ufe00\u115f\u3164\uffa0\u17b4\u17b5'
    const invisible = ['\u200b\u200e\u202e\u2066', ' \ufeff\u2060 \u200d ', bidi, ignorable]
    for (const title of invisible) {
      const refused = await call('PATCH', chatPath(chatId), { title })
      expect(refused.status).toBe(400)
      const rule = 'must hold a visible character, not only zero-width or bidi control characters'
      expect(refused.json.error).toBe(`title: ${rule}`)
    }
    expect(await read(chatId)).toEqual(before)
  })

  it('a renamed title neither starts nor ends with zero-width characters, as a title from the first message', async () => {
    const { call, chatPath, start } = await app()
    const chatId = await start('Plan the garden')
    const renamed = await call('PATCH', chatPath(chatId), { title: '\u200b\ufeffGarden\u200bplans\u2060 ' })
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200)
    expect(renamed.json.chat.title).toBe('Garden\u200bplans')
  })

  it('a title is measured once cleaned: 80 characters and a bidi control or control character are taken', async () => {
    const { call, chatPath, start } = await app()
    const chatId = await start('Plan the garden')
    const eighty = 'a'.repeat(80)
    for (const title of [`${eighty}\u202e`, `a\u2066${'a'.repeat(79)}`]) {
      const renamed = await call('PATCH', chatPath(chatId), { title })
      expect(renamed.status, JSON.stringify(renamed.json)).toBe(200)
      expect(renamed.json.chat.title).toBe(eighty)
    }
    expect((await call('PATCH', chatPath(chatId), { title: `${eighty}b` })).json.error).toBe(
      'title: must be at most 80 characters (UTF-16 code units: an emoji counts 2)'
    )
    expect((await call('PATCH', chatPath(chatId), { title: 5 })).status).toBe(400)
  })

  it('bidi embeddings, overrides and isolates leave every title: renamed or from a message', async () => {
    const { call, read, chatPath, start } = await app()
    const chatId = await start('Plan \u202egnirps\u202c the \u2066garden\u2069')
    expect((await read(chatId)).chat.title).toBe('Plan gnirps the garden')
    const rename = async (title: string) => (await call('PATCH', chatPath(chatId), { title })).json.chat.title
    expect(await rename('Invoice \u202eFDP.exe')).toBe('Invoice FDP.exe')
    // An emoji's zero-width joiner stays: it is part of a visible character.
    expect(await rename('Team \u{1F469}\u200d\u{1F4BB}')).toBe('Team \u{1F469}\u200d\u{1F4BB}')
    expect((await read(await start('\u202e\u200b hello'))).chat.title).toBe('hello')
    expect((await read(await start('\u202e\u200b\u2066**'))).chat.title).toBeNull()
    // A message of nothing but bidi and zero-width characters is blank: refused, no chat to title.
    const blank = await call('POST', '/api/agents/planner', { prompt: '\u202e\u200b\u2066' })
    expect([blank.status, blank.json.error]).toEqual([400, 'prompt: must not be empty or blank'])
  })
})

describe('a request body with a Content-Encoding', () => {
  it('is 400 naming Content-Encoding (never a 500, never read as unencoded); identity is none', async () => {
    const { call, read, chatPath, start } = await app()
    const chatId = await start('ask me the color')
    const before = await read(chatId)
    const chats = (await call('GET', '/api/chats')).json.chats
    const gzipped = (body: unknown) => new Uint8Array(gzipSync(JSON.stringify(body)))
    const hello = { prompt: 'hello' }
    const encoded = [['gzip', gzipped(hello)], ['br', hello], ['GZIP, identity', gzipped(hello)]] as const
    for (const [encoding, body] of encoded) {
      const refused = await call('POST', '/api/agents/planner', body, { 'content-encoding': encoding })
      const error = `Content-Encoding: "${encoding}" is not read; ` +
        'send the body unencoded, without Content-Encoding'
      expect([encoding, refused.status, refused.json]).toEqual([encoding, 400, { error }])
    }
    const settle = { toolCallId: before.pending[0].toolCallId, output: blue }
    const settlePath = `${chatPath(chatId)}/settle`
    expect((await call('POST', settlePath, gzipped(settle), { 'content-encoding': 'gzip' })).status).toBe(400)
    expect(await read(chatId)).toEqual(before)
    expect((await call('GET', '/api/chats')).json.chats).toEqual(chats)
    expect((await call('POST', settlePath, settle, { 'content-encoding': 'identity' })).status).toBe(200)
  })
})

describe("a dismissal's reason", () => {
  it('not a string, with NUL or too long is refused naming reason and rule, by HTTP and code', async () => {
    const { call, read, chatPath, frogbot, user, start } = await app()
    const chatId = await start('ask me the color')
    const before = await read(chatId)
    const toolCallId = before.pending[0].toolCallId
    const settlePath = `${chatPath(chatId)}/settle`
    const tooLong = 'reason: is 1,001 characters; a dismissal reason holds at most 1,000'
    const refusals = [
      [7, 'reason: must be a string', undefined],
      [['no'], 'reason: must be a string', undefined],
      ['a\u0000b', 'reason: must not contain NUL (U+0000)', undefined],
      ['x'.repeat(1001), tooLong, 'invalid-output']
    ] as const
    for (const [reason, error, code] of refusals) {
      const refused = await call('POST', settlePath, { toolCallId, dismissed: true, reason })
      const body = { error, ...(code ? { code } : {}) }
      expect([reason, refused.status, refused.json]).toEqual([reason, 400, body])
      const caller = { user: user as never }
      const dismissal = { chatId, toolCallId, dismissed: true as const, reason: reason as never, caller }
      const fromCode = frogbot.settle(dismissal)
      await expect(fromCode).rejects.toMatchObject({ code: code ?? 'bad-request', message: error })
    }
    expect(await read(chatId)).toEqual(before)
    const longest = await call('POST', settlePath, { toolCallId, dismissed: true, reason: 'x'.repeat(1000) })
    expect(longest.status).toBe(200)
  })
})
