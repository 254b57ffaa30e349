import { afterAll, beforeAll, expect, it } from 'vitest'
import { DRAFT_MAX_BYTES } from '@frogbotai/protocol'
import { buildConfig, createFrogbot, type Frogbot } from '../../src/index.ts'
import { question } from '../../src/tools/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { promptedModel } from '../../src/testing/prompted-model.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { BACKENDS } from '../helpers/databases.ts'

// Drafts of cards (docs/http/overview.md: the draft of a card): what a person has put on a waiting card so far,
// kept with its call over HTTP so that a reload, another tab or another device finds it, deleted
// whenever the call settles (answered, dismissed, cancelled by Stop) or goes with its chat, never
// an answer and never sent to the model. On a SQLite file and on PostgreSQL.

const halfway = { step: 1, reviewing: false, answers: [{ selected: ['Blue'], custom: '' }, { selected: ['Window'], custom: 'and a bench by the door' }] }

for (const backend of BACKENDS) {
  backend.describe(`drafts of cards: ${backend.name}`, () => {
    let frogbot: Frogbot
    let tokens: { ada: string; bob: string }
    let model: ReturnType<typeof promptedModel>
    let close: () => Promise<void>
    beforeAll(async () => {
      const opened = await backend.open()
      model = promptedModel()
      frogbot = await createFrogbot(buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db: opened.adapter }), { model, log: () => {}, maintenanceIntervalMs: 0 })
      const { db } = storeOf(frogbot)
      const token = async (email: string) => (await createApiToken(db, { userId: (await ensureUser(db, { email })).id, name: 'test' })).token
      tokens = { ada: await token('ada@example.com'), bob: await token('bob@example.com') }
      close = async () => {
        await frogbot.close()
        await opened.close()
      }
    })
    afterAll(() => close?.())

    const call = async (method: string, path: string, body?: unknown, as: keyof typeof tokens = 'ada') =>
      readAnswer(
        await frogbot.fetch(
          new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) })
        )
      )
    const chatPath = (chatId: string) => `/api/agents/planner/chats/${chatId}`
    const draftPath = (chatId: string, callId: string) => `${chatPath(chatId)}/pending/${callId}/draft`
    /** A chat of Ada's waiting at the three questions of `plan`. */
    const waiting = async () => {
      const asked = await call('POST', '/api/agents/planner', { prompt: 'Plan the shed: ask plan' })
      expect(asked.json.status).toBe('awaiting-input')
      return { chatId: asked.json.chatId as string, callId: asked.json.pending[0].toolCallId as string }
    }
    const draftRows = async (chatId: string) => storeOf(frogbot).db.selectFrom('frogbot_call_drafts').selectAll().where('chat_id', '=', chatId).execute()

    it('a draft is kept with its waiting call: the chat read and GET give it back, a new save replaces it, and nothing is answered', async () => {
      const { chatId, callId } = await waiting()
      const calls = model.doStreamCalls.length
      expect(await call('GET', draftPath(chatId, callId))).toMatchObject({ status: 200, json: { toolCallId: callId, draft: null, updatedAt: null } })

      const saved = await call('PUT', draftPath(chatId, callId), { draft: halfway })
      expect(saved).toMatchObject({ status: 200, json: { toolCallId: callId, draft: halfway } })
      expect(Date.parse(saved.json.updatedAt)).not.toBeNaN()
      const read = await call('GET', chatPath(chatId))
      expect(read.json.drafts).toEqual([{ toolCallId: callId, draft: halfway, updatedAt: saved.json.updatedAt }])
      expect(read.json.chat.state).toBe('awaiting')
      expect(read.json.pending.map((pending: { toolCallId: string }) => pending.toolCallId)).toEqual([callId])

      const later = { ...halfway, step: 2 }
      await call('PUT', draftPath(chatId, callId), { draft: later })
      expect(await call('GET', draftPath(chatId, callId))).toMatchObject({ status: 200, json: { draft: later } })
      expect(await draftRows(chatId)).toHaveLength(1)
      // Not an answer: the call still waits, nothing is settled and the model was not called.
      expect((await call('GET', `${chatPath(chatId)}/pending`)).json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: callId }] })
      expect((await call('GET', chatPath(chatId))).json.messages.at(-1).settlements).toEqual([])
      expect(model.doStreamCalls.length).toBe(calls)
    })

    it('the answer settles the call: the draft is gone, and the model sees the answer, never the draft', async () => {
      const { chatId, callId } = await waiting()
      await call('PUT', draftPath(chatId, callId), { draft: halfway })
      const answer = {
        answers: [
          { header: 'Color', selected: ['Red'] },
          { header: 'Extras', selected: ['Lock'] },
          { header: 'When', selected: ['Next year'] }
        ]
      }
      expect((await call('POST', `${chatPath(chatId)}/settle`, { toolCallId: callId, output: answer })).json.status).toBe('complete')
      expect(await draftRows(chatId)).toEqual([])
      expect((await call('GET', chatPath(chatId))).json.drafts).toEqual([])
      expect(JSON.stringify(model.doStreamCalls.at(-1)!.prompt)).not.toContain('bench by the door')

      const late = await call('PUT', draftPath(chatId, callId), { draft: halfway })
      expect(late).toMatchObject({ status: 409, json: { code: 'already-settled', settlement: { toolCallId: callId, outcome: 'answered', part: { output: answer } } } })
      expect(await call('GET', draftPath(chatId, callId))).toMatchObject({ status: 409, json: { code: 'already-settled' } })
      expect(await draftRows(chatId)).toEqual([])
    })

    it('a dismissal, Stop (cancelled) and deleting the chat take the draft with the call', async () => {
      const dismissed = await waiting()
      await call('PUT', draftPath(dismissed.chatId, dismissed.callId), { draft: halfway })
      expect((await call('POST', `${chatPath(dismissed.chatId)}/settle`, { toolCallId: dismissed.callId, dismissed: true })).json.status).toBe('dismissed')
      expect(await draftRows(dismissed.chatId)).toEqual([])

      const stopped = await waiting()
      await call('PUT', draftPath(stopped.chatId, stopped.callId), { draft: halfway })
      expect((await call('POST', `${chatPath(stopped.chatId)}/stop`, {})).status).toBe(200)
      expect(await draftRows(stopped.chatId)).toEqual([])

      const deleted = await waiting()
      await call('PUT', draftPath(deleted.chatId, deleted.callId), { draft: halfway })
      expect((await call('DELETE', chatPath(deleted.chatId))).status).toBe(204)
      expect(await draftRows(deleted.chatId)).toEqual([])
    })

    it('DELETE removes a draft; a card without one is fine too', async () => {
      const { chatId, callId } = await waiting()
      await call('PUT', draftPath(chatId, callId), { draft: { step: 2 } })
      expect((await call('DELETE', draftPath(chatId, callId))).status).toBe(204)
      expect((await call('DELETE', draftPath(chatId, callId))).status).toBe(204)
      expect(await call('GET', draftPath(chatId, callId))).toMatchObject({ status: 200, json: { draft: null } })
    })

    it('refusals name what is wrong and keep nothing: no such call, no draft, too big, unknown fields, someone else', async () => {
      const { chatId, callId } = await waiting()
      expect(await call('PUT', draftPath(chatId, 'call_nope'), { draft: halfway })).toMatchObject({ status: 404, json: { code: 'call-not-found' } })
      expect(await call('GET', draftPath(chatId, 'call_nope'))).toMatchObject({ status: 404, json: { code: 'call-not-found' } })
      expect(await call('PUT', draftPath(chatId, callId), { draft: null })).toMatchObject({ status: 400, json: { error: 'draft: is required; send the DELETE request to remove a draft' } })
      expect(await call('PUT', draftPath(chatId, callId), {})).toMatchObject({ status: 400, json: { error: expect.stringMatching(/^draft: /) } })
      expect(await call('PUT', draftPath(chatId, callId), { draft: {}, output: 1 })).toMatchObject({ status: 400, json: { error: 'body: unknown field "output"' } })
      const big = { text: 'x'.repeat(DRAFT_MAX_BYTES) }
      expect(await call('PUT', draftPath(chatId, callId), { draft: big })).toMatchObject({ status: 400, json: { error: `draft: is ${DRAFT_MAX_BYTES + 11} bytes of JSON; a draft holds at most ${DRAFT_MAX_BYTES}` } })
      // The limit counts UTF-8 bytes of the draft as JSON (docs/project/guarantees.md, Limits), not
      // UTF-16 units: 8,200 "é" are 16,400 bytes (16,411 with `{"text":""}`), 8,000 fit.
      const accents = (count: number) => ({ draft: { text: 'é'.repeat(count) } })
      const tooMany = await call('PUT', draftPath(chatId, callId), accents(8200))
      const error = 'draft: is 16411 bytes of JSON; a draft holds at most 16384'
      expect(tooMany).toMatchObject({ status: 400, json: { error } })
      expect((await call('PUT', draftPath(chatId, callId), accents(8000))).status).toBe(200)
      expect((await call('DELETE', draftPath(chatId, callId))).status).toBe(204)
      // Text a person typed, refused as every door refuses it (docs/project/guarantees.md, Limits).
      const typed = (custom: string) => ({ draft: { step: 0, answers: [{ selected: [], custom }] } })
      const nul = await call('PUT', draftPath(chatId, callId), typed('a\u0000b'))
      expect(nul.status).toBe(400)
      expect(nul.json.error).toBe('draft.answers.0.custom: must not contain NUL (U+0000)')
      const lone = await call('PUT', draftPath(chatId, callId), '{"draft":{"note":"x\\ud800y"}}')
      expect(lone.status).toBe(400)
      expect(lone.json.error).toMatch(/^draft\.note: must be well-formed Unicode/)
      const key = await call('PUT', draftPath(chatId, callId), { draft: { 'a\u0000': 1 } })
      expect(key.status).toBe(400)
      expect(key.json.error).toBe('draft.a\u0000: its name must not contain NUL (U+0000)')
      // Bob may not see Ada's chat at all.
      expect(await call('PUT', draftPath(chatId, callId), { draft: halfway }, 'bob')).toMatchObject({ status: 404, json: { code: 'not-found' } })
      expect(await call('GET', draftPath(chatId, callId), undefined, 'bob')).toMatchObject({ status: 404, json: { code: 'not-found' } })
      expect(await draftRows(chatId)).toEqual([])
    })
  })
}
