import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildConfig, createFrogbot, type Frogbot } from '../../src/index.ts'
import type { User } from '../../src/contract/caller.ts'
import { question } from '../../src/tools/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { promptedModel } from '../../src/testing/prompted-model.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { BACKENDS } from '../helpers/databases.ts'

// Text a person sends with a NUL (U+0000) in it, over HTTP and from code: a typed answer, a
// dismissal's reason, a message (new, queued, edited, a queued one edited). Each is refused with
// 400 naming the field and the rule, and nothing stored changes, the same on SQLite and on
// PostgreSQL (whose text types cannot hold NUL). Titles are in rename-delete.test.ts.

const NUL = 'must not contain NUL (U+0000)'

for (const backend of BACKENDS) {
  backend.describe(`text with NUL: ${backend.name}`, () => {
    let frogbot: Frogbot
    let token: string
    let ada: User
    let close: () => Promise<void>
    beforeAll(async () => {
      const opened = await backend.open()
      frogbot = await createFrogbot(buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: opened.adapter }), { model: promptedModel(), log: () => {}, maintenanceIntervalMs: 0 })
      ada = await ensureUser(storeOf(frogbot).db, { email: 'ada@example.com' })
      token = (await createApiToken(storeOf(frogbot).db, { userId: ada.id, name: 'test' })).token
      close = async () => {
        await frogbot.close()
        await opened.close()
      }
    })
    afterAll(() => close?.())

    const call = async (method: string, path: string, body: unknown) =>
      readAnswer(
        await frogbot.fetch(
          new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
        )
      )
    const chatPath = (chatId: string) => `/api/agents/planner/chats/${chatId}`
    /** Everything stored about the chat: its row, messages, waiting calls and queued messages. */
    const stored = async (chatId: string) => {
      const store = storeOf(frogbot)
      return { chat: await store.getChat(chatId), messages: await store.getMessages(chatId), pending: await store.getPendingCalls(chatId), queued: await store.getQueued(chatId) }
    }
    /** A chat of Ada's waiting at the color question, with one message queued behind it. */
    const waiting = async () => {
      const asked = await call('POST', '/api/agents/planner', { prompt: 'Paint the shed: ask color' })
      expect(asked.json.status).toBe('awaiting-input')
      const queued = await call('POST', '/api/agents/planner', { chatId: asked.json.chatId, prompt: 'And the fence?' })
      expect(queued.status).toBe(202)
      return { chatId: asked.json.chatId as string, callId: asked.json.pending[0].toolCallId as string, queuedId: queued.json.messageId as string }
    }

    it('a typed answer or a reason with NUL is 400, and the question still waits for a good answer', async () => {
      const { chatId, callId } = await waiting()
      const before = await stored(chatId)
      const typed = await call('POST', `${chatPath(chatId)}/settle`, { toolCallId: callId, output: { answers: [{ header: 'Color', selected: [], custom: 'Sea\u0000green' }] } })
      expect(typed).toMatchObject({ status: 400, json: { code: 'invalid-output', error: `answers[0] ("Color"): "custom" ${NUL}` } })
      const beside = await call('POST', `${chatPath(chatId)}/settle`, { toolCallId: callId, output: { answers: [{ header: 'Color', selected: ['Blue'], custom: '\u0000' }] } })
      expect(beside).toMatchObject({ status: 400, json: { code: 'invalid-output', error: `answers[0] ("Color"): "custom" ${NUL}` } })
      const reason = await call('POST', `${chatPath(chatId)}/settle`, { toolCallId: callId, dismissed: true, reason: 'not\u0000now' })
      expect(reason).toMatchObject({ status: 400, json: { error: `reason: ${NUL}` } })
      expect(reason.json.code).toBeUndefined()
      expect(await stored(chatId)).toEqual(before)

      const answered = await call('POST', `${chatPath(chatId)}/settle`, { toolCallId: callId, output: { answers: [{ header: 'Color', selected: [], custom: 'Sea green' }] } })
      expect(answered.status).toBe(200)
      expect(answered.json.settlement.part.output).toEqual({ answers: [{ header: 'Color', selected: [], custom: 'Sea green' }] })
    })

    it('a message with NUL, new or queued, from a prompt or useChat, is 400 naming where it is, and nothing is stored', async () => {
      const { chatId } = await waiting()
      const before = await stored(chatId)
      const chatsBefore = (await call('GET', '/api/chats', undefined)).json.chats.length
      const refusals: [unknown, string][] = [
        [{ prompt: 'Plan\u0000the garden' }, `prompt: ${NUL}`],
        [{ messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Plan' }, { type: 'text', text: 'the\u0000garden' }] }] }, `messages.0.parts.1.text: ${NUL}`],
        [{ chatId, prompt: 'And the\u0000gate?' }, `prompt: ${NUL}`],
        [{ id: chatId, messages: [{ id: 'm2', role: 'user', parts: [{ type: 'text', text: 'And the\u0000gate?' }] }] }, `messages.0.parts.0.text: ${NUL}`]
      ]
      for (const [body, error] of refusals) {
        const refused = await call('POST', '/api/agents/planner', body)
        expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, json: { error } })
        expect(refused.json.code).toBeUndefined()
      }
      expect(await stored(chatId)).toEqual(before)
      expect((await call('GET', '/api/chats', undefined)).json.chats).toHaveLength(chatsBefore)
    })

    it('an edit with NUL, of a sent or a queued message, is 400 naming the field, and the message is unchanged', async () => {
      const { chatId, queuedId } = await waiting()
      const first = (await stored(chatId)).messages[0]
      const before = await stored(chatId)
      const queuedEdit = await call('PATCH', `${chatPath(chatId)}/messages/${queuedId}`, { text: 'And the\u0000fence?' })
      expect(queuedEdit).toMatchObject({ status: 400, json: { error: `text: ${NUL}` } })
      const edit = await call('PUT', `${chatPath(chatId)}/messages/${first.id}`, { text: 'Paint\u0000the shed' })
      expect(edit).toMatchObject({ status: 400, json: { error: `text: ${NUL}` } })
      const useChatEdit = await call('POST', '/api/agents/planner', { id: chatId, messageId: first.id, messages: [{ id: first.id, role: 'user', parts: [{ type: 'text', text: 'Paint\u0000the shed' }] }] })
      expect(useChatEdit).toMatchObject({ status: 400, json: { error: `messages.0.parts.0.text: ${NUL}` } })
      expect(await stored(chatId)).toEqual(before)
    })

    it('from code, the same rule: FrogbotError bad-request naming the field', async () => {
      const { chatId, queuedId } = await waiting()
      const before = await stored(chatId)
      const caller = { user: ada }
      const refusal = (field: string) => expect.objectContaining({ code: 'bad-request', message: `${field}: ${NUL}` })
      await expect(frogbot.sendMessage({ agent: 'planner', chatId, text: 'a\u0000b', caller })).rejects.toEqual(refusal('text'))
      await expect(frogbot.editQueued({ chatId, messageId: queuedId, text: 'a\u0000b', caller })).rejects.toEqual(refusal('text'))
      await expect(frogbot.agents.planner.generate({ chatId, prompt: 'a\u0000b', user: ada })).rejects.toEqual(refusal('prompt'))
      expect(await stored(chatId)).toEqual(before)
    })
  
    it('a lone surrogate (\\ud800) in a prompt, a typed answer or a reason is 400 naming the field, nothing stored', async () => {
      const rule = 'must be well-formed Unicode (a lone surrogate such as \\ud800 is no character)'
      const prompt = await call('POST', '/api/agents/planner', { prompt: 'Paint \ud800 the shed' })
      expect(prompt).toMatchObject({ status: 400, json: { error: `prompt: ${rule}` } })
      const { chatId, callId } = await waiting()
      const before = await stored(chatId)
      const typed = await call('POST', `${chatPath(chatId)}/settle`, { toolCallId: callId, output: { answers: [{ header: 'Color', selected: [], custom: 'Teal \udc00' }] } })
      expect(typed.status).toBe(400)
      expect(typed.json.error).toContain(`"custom" ${rule}`)
      const reason = await call('POST', `${chatPath(chatId)}/settle`, { toolCallId: callId, dismissed: true, reason: 'no \ud800' })
      expect(reason).toMatchObject({ status: 400, json: { error: `reason: ${rule}` } })
      expect(await stored(chatId)).toEqual(before)
    })
  })
}
