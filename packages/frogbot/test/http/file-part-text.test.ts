import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildConfig, createFrogbot, type Frogbot } from '../../src/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { promptedModel } from '../../src/testing/prompted-model.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { BACKENDS } from '../helpers/databases.ts'

// A file part's `filename` skipped the typed-text rules: a useChat message with a file named
// "a\u0000b" or "a\ud800b" was 200 and stored as sent (PostgreSQL cannot hold NUL), and so was a
// `data:` URL with NUL before its `;base64`. Both are now 400 naming the field, and nothing is stored.

const NUL = 'must not contain NUL (U+0000)'
const WELL_FORMED = 'must be well-formed Unicode (a lone surrogate such as \\ud800 is no character)'
const DATA = 'data:text/plain;base64,aGVsbG8='

/** A user message as `useChat` sends it: a text part, then a file part with `file`'s fields. */
const withFile = (id: string, file: Record<string, string>) => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text: 'Read this' }, { type: 'file', mediaType: 'text/plain', url: DATA, ...file }]
})

for (const backend of BACKENDS) {
  backend.describe(`a file part's text: ${backend.name}`, () => {
    let frogbot: Frogbot
    let token: string
    let close: () => Promise<void>
    beforeAll(async () => {
      const opened = await backend.open()
      const config = buildConfig({ agents: [{ slug: 'planner', model: 'fast' }], db: opened.adapter })
      frogbot = await createFrogbot(config, { model: promptedModel(), log: () => {}, maintenanceIntervalMs: 0 })
      const ada = await ensureUser(storeOf(frogbot).db, { email: 'ada@example.com' })
      token = (await createApiToken(storeOf(frogbot).db, { userId: ada.id, name: 'test' })).token
      close = async () => {
        await frogbot.close()
        await opened.close()
      }
    })
    afterAll(() => close?.())

    const post = async (body: unknown) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const request = new Request('http://localhost/api/agents/planner', {
        method: 'POST', headers, body: JSON.stringify(body)
      })
      return readAnswer(await frogbot.fetch(request))
    }
    const stored = async (chatId: string) => {
      const store = storeOf(frogbot)
      return { chat: await store.getChat(chatId), messages: await store.getMessages(chatId) }
    }

    const refusals: [Record<string, string>, string][] = [
      [{ filename: 'a\u0000b' }, `messages.0.parts.1.filename: ${NUL}`],
      [{ filename: 'a\ud800b' }, `messages.0.parts.1.filename: ${WELL_FORMED}`],
      [{ filename: 'notes.txt', url: 'data:text/plain\u0000;base64,aGVsbG8=' }, `messages.0.parts.1.url: ${NUL}`],
      [{ filename: 'notes.txt', url: 'data:text/plain\udc00;base64,aGVsbG8=' }, `messages.0.parts.1.url: ${WELL_FORMED}`]
    ]

    it('a new chat whose file part has NUL or a lone surrogate in its filename or url: 400, nothing stored', async () => {
      for (const [[file, error], index] of refusals.map((entry, at) => [entry, at] as const)) {
        const chatId = `chat_file_text_new_0${index}`
        const body = { id: chatId, messages: [withFile('m1', file)], trigger: 'submit-message' }
        const refused = await post(body)
        expect(refused, JSON.stringify(file)).toMatchObject({ status: 400, json: { error } })
        expect(await stored(chatId), JSON.stringify(file)).toEqual({ chat: null, messages: [] })
      }
    })

    it('a next message or an edit with such a file part: 400, the chat unchanged', async () => {
      const chatId = 'chat_file_text_next_01'
      const first = await post({ id: chatId, messages: [withFile('m1', { filename: 'notes ✓.txt' })] })
      expect(first.status).toBe(200)
      const before = await stored(chatId)
      expect(before.messages[0]!.parts[1]).toMatchObject({ type: 'file', filename: 'notes ✓.txt', url: DATA })
      for (const [file, error] of refusals) {
        const history = before.messages.map(({ id, role, parts }) => ({ id, role, parts }))
        const next = await post({ id: chatId, messages: [...history, withFile('m2', file)] })
        expect(next, JSON.stringify(file)).toMatchObject({ status: 400, json: { error: error.replace('0.', '2.') } })
        const edit = await post({ id: chatId, messages: [withFile('m1', file)], messageId: 'm1' })
        expect(edit, JSON.stringify(file)).toMatchObject({ status: 400, json: { error } })
      }
      expect(await stored(chatId)).toEqual(before)
    })
  })
}
