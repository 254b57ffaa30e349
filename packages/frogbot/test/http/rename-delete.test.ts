import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildConfig, createFrogbot, type Frogbot } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { colorQuestion, heldStep, mockModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'
import { BACKENDS } from '../helpers/databases.ts'
import { convertArrayToReadableStream } from 'ai/test'

// Renaming and deleting a chat over HTTP: writes like any other (the matrix of who may is in
// auth/authorization-matrix.test.ts), refused for a channel conversation and, for a delete,
// while a turn runs. On SQLite and on PostgreSQL.

for (const backend of BACKENDS) {
  backend.describe(`renaming and deleting chats: ${backend.name}`, () => {
    let frogbot: Frogbot
    let token: string
    let close: () => Promise<void>
    let held: ReturnType<typeof heldStep> | null = null
    beforeAll(async () => {
      const opened = await backend.open()
      // "color" asks the seed's question, "held" streams until released, anything else is a short reply.
      const model = mockModel({
        doStream: async ({ prompt }) => {
          const last = prompt.at(-1)
          const text = last?.role === 'user' ? last.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ') : ''
          if (/held/.test(text) && held) return { stream: held.stream() as never }
          const step = last?.role === 'user' && /color/.test(text) ? toolStep([{ toolCallId: `call_${Math.random().toString(36).slice(2)}`, toolName: 'question', input: colorQuestion }]) : textStep('Done.')
          return { stream: convertArrayToReadableStream(step as never[]) }
        }
      })
      frogbot = await createFrogbot(buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: opened.adapter }), { model, log: () => {}, maintenanceIntervalMs: 0 })
      const user = await ensureUser(storeOf(frogbot).db, { email: 'ada@example.com' })
      token = (await createApiToken(storeOf(frogbot).db, { userId: user.id, name: 'test' })).token
      close = async () => {
        await frogbot.close()
        await opened.close()
      }
    })
    afterAll(() => close?.())

    const call = async (method: string, path: string, body?: unknown) =>
      readAnswer(
        await frogbot.fetch(
          new Request(`http://localhost${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
          })
        )
      )
    const start = async (prompt: string) => (await call('POST', '/api/agents/planner', { prompt })).json.chatId as string
    const chatPath = (chatId: string) => `/api/agents/planner/chats/${chatId}`
    const titles = async () => (await call('GET', '/api/chats')).json.chats.map((chat: { title: string }) => chat.title)

    it('a rename answers the chat with its new title, trimmed, and leaves its place in the list', async () => {
      const older = await start('Plan the garden')
      await start('Plan the kitchen')
      const before = (await call('GET', chatPath(older))).json.chat
      const renamed = await call('PATCH', chatPath(older), { title: '  Garden, spring 2027 ' })
      expect(renamed.status).toBe(200)
      expect(renamed.json.chat).toMatchObject({ id: older, title: 'Garden, spring 2027', state: 'idle', updatedAt: before.updatedAt })
      expect((await titles()).slice(0, 2)).toEqual(['Plan the kitchen', 'Garden, spring 2027'])
    })

    it('a bad title is 400 naming the field, and the chat keeps its title', async () => {
      const chatId = await start('Plan the attic')
      for (const [body, error] of [
        [{ title: '   ' }, 'title: must not be empty or blank'],
        [{ title: '\u0000\u001b ' }, 'title: must not be empty or blank'],
        // Only the braille pattern blank, or a lone combining accent: a title that shows nothing.
        [{ title: '\u2800\u2800' }, 'title: must hold a visible character'],
        [{ title: ' \u0301 ' }, 'title: must hold a visible character'],
        [{ title: 'x'.repeat(81) }, 'title: must be at most 80 characters'],
        // 80 code points but 82 UTF-16 units, as the chat's `maxlength=80` counts: was stored.
        [{ title: `${'x'.repeat(78)}😀😀` },
          'title: must be at most 80 characters (UTF-16 code units: an emoji counts 2)'],
        [{ title: '😀'.repeat(41) }, 'title: must be at most 80 characters (UTF-16 code units'],
        // A lone surrogate is no character: refused as in all typed text, not patched into U+FFFD.
        [{ title: 'Attic \ud800' }, 'title: must be well-formed Unicode'],
        [{ title: 7 }, 'title:'],
        [{ title: 'Attic', extra: true }, 'extra'],
        [{}, 'title:'],
        ['not json', '']
      ] as const) {
        const answer = await call('PATCH', chatPath(chatId), body)
        expect(answer.status, JSON.stringify(body)).toBe(400)
        expect(answer.json.error).toContain(error)
      }
      expect((await call('GET', chatPath(chatId))).json.chat.title).toBe('Plan the attic')
      const other = await call('PUT', chatPath(chatId), { title: 'Attic' })
      expect(other.status).toBe(405)
      expect(other.headers.get('allow')).toBe('GET, PATCH, DELETE')
    })

    it('a title of exactly 80 UTF-16 code units is taken, emoji counting 2', async () => {
      const chatId = await start('Plan the cellar')
      for (const title of [`${'x'.repeat(78)}😀`, '😀'.repeat(40)]) {
        const renamed = await call('PATCH', chatPath(chatId), { title })
        expect(renamed).toMatchObject({ status: 200, json: { chat: { title } } })
        expect((await storeOf(frogbot).getChat(chatId))?.title?.length).toBe(title.length)
      }
    })

    it('control characters in a new title become spaces, as in every title, the same on both databases', async () => {
      const chatId = await start('Plan the porch')
      const renamed = await call('PATCH', chatPath(chatId), { title: 'Porch\u0000plan \u001b[2J' })
      expect(renamed).toMatchObject({ status: 200, json: { chat: { title: 'Porch plan  [2J' } } })
      expect((await storeOf(frogbot).getChat(chatId))?.title).toBe('Porch plan  [2J')
      // A title is one line in a list: tabs and line breaks become spaces too.
      const broken = await call('PATCH', chatPath(chatId), { title: 'a\u0001b\nc\r\nd\te' })
      expect(broken).toMatchObject({ status: 200, json: { chat: { title: 'a b c  d e' } } })
    })

    it('a delete removes a waiting chat with its calls and queued messages; it is then 404 everywhere', async () => {
      const chatId = await start('Which color for the door?')
      expect((await call('POST', '/api/agents/planner', { prompt: 'And the window?', chatId })).status).toBe(202)
      expect((await call('GET', chatPath(chatId))).json).toMatchObject({ chat: { state: 'awaiting' }, queued: [{ text: 'And the window?' }] })
      // A field a DELETE does not take is refused naming it, never ignored; the chat stays.
      const queuedId = (await call('GET', chatPath(chatId))).json.queued[0].messageId
      for (const path of [chatPath(chatId), `${chatPath(chatId)}/messages/${queuedId}`]) {
        expect(await call('DELETE', path, { force: true })).toMatchObject({ status: 400, json: { error: 'body: unknown field "force"' } })
      }
      expect((await call('GET', chatPath(chatId))).json).toMatchObject({ chat: { state: 'awaiting' }, queued: [{ text: 'And the window?' }] })
      const deleted = await call('DELETE', chatPath(chatId))
      expect([deleted.status, deleted.json]).toEqual([204, ''])
      const { db } = storeOf(frogbot)
      for (const table of ['frogbot_messages', 'frogbot_pending_calls', 'frogbot_queued_messages'] as const) {
        expect(await db.selectFrom(table).select('chat_id').where('chat_id', '=', chatId).execute(), table).toEqual([])
      }
      for (const [method, path] of [['GET', chatPath(chatId)], ['GET', `${chatPath(chatId)}/pending`], ['PATCH', chatPath(chatId)], ['DELETE', chatPath(chatId)]] as const) {
        const answer = await call(method, path, method === 'PATCH' ? { title: 'Back' } : undefined)
        expect([method, answer.status, answer.json.code]).toEqual([method, 404, 'not-found'])
      }
      expect(await titles()).not.toContain('Which color for the door?')
    })

    it('a chat whose reply is being written is not deleted (409 turn-in-progress) until it is stopped', async () => {
      held = heldStep('Writing a long plan')
      const sent = frogbot.fetch(new Request('http://localhost/api/agents/planner', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ prompt: 'A held plan' }) }))
      await held.started
      const chatId = (await call('GET', '/api/chats')).json.chats[0].id
      const refused = await call('DELETE', chatPath(chatId))
      expect([refused.status, refused.json.code]).toEqual([409, 'turn-in-progress'])
      expect(refused.json.error).toMatch(/stop it, then delete/)
      expect((await call('GET', chatPath(chatId))).json.messages).toHaveLength(1)
      expect((await call('POST', `${chatPath(chatId)}/stop`, {})).json.stopped).toBe(true)
      expect((await readAnswer(await sent)).json).toMatchObject({ status: 'complete', stopped: true })
      expect((await call('DELETE', chatPath(chatId))).status).toBe(204)
      held = null
    })

    it('a channel conversation is renamed and deleted only in its channel: 409 channel-chat, and it stays as it was', async () => {
      const chatId = await start('Plan the Slack thread')
      await storeOf(frogbot).db.updateTable('frogbot_chats').set({ channel: 'slack', channel_instance: 'slack', channel_account: 'T1', channel_thread: `C1:${chatId}` }).where('id', '=', chatId).execute()
      for (const [method, body] of [['PATCH', { title: 'Renamed' }], ['DELETE', undefined]] as const) {
        const answer = await call(method, chatPath(chatId), body)
        expect([method, answer.status, answer.json.code]).toEqual([method, 409, 'channel-chat'])
        expect(answer.json.error).toBe('This conversation happens in Slack. Continue it there, or branch it into a new chat.')
      }
      expect((await call('GET', chatPath(chatId))).json.chat).toMatchObject({ title: 'Plan the Slack thread', channelLabel: 'Slack' })
    })

    it('from code: renameChat and deleteChat act for a caller, with the same checks', async () => {
      const ada = { id: (await call('GET', '/api/auth/me')).json.user.id as string, email: 'ada@example.com', name: null }
      const chatId = await start('Plan the porch')
      await expect(frogbot.renameChat({ chatId, title: '', caller: { user: ada } })).rejects.toMatchObject({ code: 'bad-request', message: 'title: must not be empty or blank' })
      await expect(frogbot.renameChat({ chatId, title: 'Porch \udc00', caller: { user: ada } })).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/^title: must be well-formed Unicode/) })
      expect(await frogbot.renameChat({ chatId, title: 'Porch', caller: { user: ada } })).toMatchObject({ id: chatId, title: 'Porch' })
      await expect(frogbot.deleteChat({ chatId, caller: { user: { id: 'user_bob', email: 'bob@example.com', name: null } } })).rejects.toMatchObject({ code: 'not-found' })
      await frogbot.deleteChat({ chatId, caller: { user: ada } })
      await expect(frogbot.readChat({ chatId, caller: { user: ada } })).rejects.toMatchObject({ code: 'not-found' })
    })
  })
}
