import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { buildConfig, createFrogbot, type Frogbot, type Tool } from '../../src/index.ts'
import { createApiToken } from '../../src/auth/api-tokens.ts'
import { ensureUser } from '../../src/auth/users.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import * as draftWriters from '../../src/store/migrations/014-draft-writers.ts'
import { keywordModel } from '../helpers/keyword-model.ts'
import { readAnswer } from '../../src/testing/read-answer.ts'
import { BACKENDS } from '../helpers/databases.ts'

// Drafts are per person (docs/http/overview.md: the draft of a card): the owner, an assignee and
// each voter of a quorum keep a draft of their own on the same waiting card, and nobody reads or
// overwrites another's. Once the call settles, GET, PUT and DELETE of a draft all answer
// `409 already-settled`. Through the app's HTTP handler, on a SQLite file and PostgreSQL.

const model = keywordModel({
  invoice: { toolName: 'send_invoice', input: { customer: 'ACME', amount: 900 } },
  branch: { toolName: 'delete_branch', input: { branch: 'main' } }
})
const sendInvoice: Tool<z.ZodObject<{ customer: z.ZodString; amount: z.ZodNumber }>> = {
  slug: 'send_invoice',
  description: 'Send an invoice.',
  inputSchema: z.object({ customer: z.string(), amount: z.number() }),
  needsApproval: true,
  approval: { assignees: ['dana@example.com'] },
  execute: async ({ customer }) => ({ sent: customer })
}
const deleteBranch: Tool<z.ZodObject<{ branch: z.ZodString }>> = {
  slug: 'delete_branch',
  description: 'Delete a branch.',
  inputSchema: z.object({ branch: z.string() }),
  needsApproval: true,
  approval: { assignees: ['dana@example.com', 'carl@example.com'], quorum: { count: 2 } },
  execute: async ({ branch }) => ({ deleted: branch })
}

const names = ['ada', 'carl', 'dana', 'eve'] as const
type Name = (typeof names)[number]

for (const backend of BACKENDS) {
  backend.describe(`drafts per person: ${backend.name}`, () => {
    let frogbot: Frogbot
    const tokens = {} as Record<Name, string>
    let close: () => Promise<void>
    beforeAll(async () => {
      const opened = await backend.open()
      const agents = [{ slug: 'planner', model: 'fast' as const, tools: [sendInvoice, deleteBranch] }]
      const config = buildConfig({ agents, db: opened.adapter })
      frogbot = await createFrogbot(config, { model, log: () => {}, maintenanceIntervalMs: 0 })
      const { db } = storeOf(frogbot)
      for (const name of names) {
        const user = await ensureUser(db, { email: `${name}@example.com` })
        tokens[name] = (await createApiToken(db, { userId: user.id, name: 'test' })).token
      }
      close = async () => {
        await frogbot.close()
        await opened.close()
      }
    })
    afterAll(() => close?.())

    const call = async (as: Name, method: string, path: string, body?: unknown) =>
      readAnswer(
        await frogbot.fetch(
          new Request(`http://localhost${path}`, {
            method,
            headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body)
          })
        )
      )
    const chatPath = (chatId: string) => `/api/agents/planner/chats/${chatId}`
    const draftPath = (chatId: string, callId: string) => `${chatPath(chatId)}/pending/${callId}/draft`
    const waiting = async (prompt: string) => {
      const asked = await call('ada', 'POST', '/api/agents/planner', { prompt })
      expect(asked.json.status).toBe('awaiting-input')
      return { chatId: asked.json.chatId as string, callId: asked.json.pending[0].toolCallId as string }
    }
    const draftOf = async (as: Name, chatId: string, callId: string) =>
      (await call(as, 'GET', draftPath(chatId, callId))).json.draft
    const settle = (as: Name, chatId: string, callId: string, approved: boolean) =>
      call(as, 'POST', `${chatPath(chatId)}/settle`, { toolCallId: callId, approved })
    const draftRows = (chatId: string) =>
      storeOf(frogbot).db.selectFrom('frogbot_call_drafts').selectAll()
        .where('chat_id', '=', chatId).execute()
    const adaDeny = { open: 'deny', reason: 'wrong amount' }
    const danaDeny = { open: 'deny', reason: 'ask finance first' }

    it("an assignee keeps her own draft: the owner's Deny reason is not overwritten or shown", async () => {
      const { chatId, callId } = await waiting('send the invoice')
      expect((await call('ada', 'PUT', draftPath(chatId, callId), { draft: adaDeny })).status).toBe(200)
      expect(await draftOf('dana', chatId, callId)).toBeNull()
      expect((await call('dana', 'PUT', draftPath(chatId, callId), { draft: danaDeny })).status).toBe(200)
      expect(await draftOf('ada', chatId, callId)).toEqual(adaDeny)
      expect(await draftOf('dana', chatId, callId)).toEqual(danaDeny)
      // The chat read gives each their own drafts.
      const drafts = async (as: Name) =>
        (await call(as, 'GET', chatPath(chatId))).json.drafts.map((entry: { draft: unknown }) => entry.draft)
      expect(await drafts('ada')).toEqual([adaDeny])
      expect(await drafts('dana')).toEqual([danaDeny])
      // Deleting hers leaves Ada's.
      expect((await call('dana', 'DELETE', draftPath(chatId, callId))).status).toBe(204)
      expect(await draftOf('dana', chatId, callId)).toBeNull()
      expect(await draftOf('ada', chatId, callId)).toEqual(adaDeny)
      // Someone who may not read the chat still learns nothing.
      const stranger = await call('eve', 'PUT', draftPath(chatId, callId), { draft: danaDeny })
      expect(stranger).toMatchObject({ status: 404, json: { code: 'not-found' } })
      expect(await draftOf('ada', chatId, callId)).toEqual(adaDeny)
    })

    it('the voters of a quorum keep their own drafts, before and after their vote', async () => {
      const { chatId, callId } = await waiting('delete the branch')
      await call('dana', 'PUT', draftPath(chatId, callId), { draft: { open: 'deny', reason: 'not main' } })
      const carls = { open: 'deny', reason: 'tag it first' }
      await call('carl', 'PUT', draftPath(chatId, callId), { draft: carls })
      const vote = await settle('dana', chatId, callId, true)
      expect(vote).toMatchObject({ status: 200, json: { status: 'awaiting-input' } })
      expect(await draftOf('carl', chatId, callId)).toEqual({ open: 'deny', reason: 'tag it first' })
      expect(await draftOf('dana', chatId, callId)).toEqual({ open: 'deny', reason: 'not main' })
      expect(await draftOf('ada', chatId, callId)).toBeNull()
    })

    it('after the call settles, GET, PUT and DELETE of a draft all answer 409 already-settled', async () => {
      const { chatId, callId } = await waiting('send the invoice')
      await call('ada', 'PUT', draftPath(chatId, callId), { draft: adaDeny })
      await call('dana', 'PUT', draftPath(chatId, callId), { draft: danaDeny })
      const settled = await settle('dana', chatId, callId, true)
      expect(settled.json.status).toBe('complete')
      expect(await draftRows(chatId)).toEqual([])
      for (const as of ['ada', 'dana'] as const) {
        for (const [method, body] of [['GET'], ['PUT', { draft: adaDeny }], ['DELETE']] as const) {
          const late = await call(as, method, draftPath(chatId, callId), body)
          const error = 'This call was already settled; its draft is gone.'
          const got = [as, method, late.status, late.json.code, late.json.error]
          expect(got).toEqual([as, method, 409, 'already-settled', error])
          expect(late.json.settlement).toMatchObject({ toolCallId: callId, outcome: 'approved' })
        }
      }
      // A call the chat never had: 404 call-not-found for its owner (an assignee, whom no such call
      // names, learns nothing).
      const nope = draftPath(chatId, 'call_nope')
      const none = await call('ada', 'DELETE', nope)
      expect(none).toMatchObject({ status: 404, json: { code: 'call-not-found' } })
      expect(await call('dana', 'DELETE', nope)).toMatchObject({ status: 404, json: { code: 'not-found' } })
    })

    it("migration 014 gives a draft kept before it to the chat's owner", async () => {
      const { chatId, callId } = await waiting('send the invoice')
      await call('ada', 'PUT', draftPath(chatId, callId), { draft: adaDeny })
      const { db } = storeOf(frogbot)
      // Back to a database of before: one draft a call, no writer.
      await draftWriters.down(db)
      const migrations = db.deleteFrom('frogbot_migrations' as never)
      await migrations.where('name' as never, '=', '014-draft-writers' as never).execute()
      expect(await migrateToLatest(db)).toEqual(['014-draft-writers'])
      expect(await migrateToLatest(db)).toEqual([])
      expect(await draftOf('ada', chatId, callId)).toEqual(adaDeny)
      expect(await draftOf('dana', chatId, callId)).toBeNull()
      // The trigger still takes every writer's draft with the call.
      await call('dana', 'PUT', draftPath(chatId, callId), { draft: danaDeny })
      expect((await settle('ada', chatId, callId, false)).json.status).toBe('complete')
      expect(await draftRows(chatId)).toEqual([])
    })
  })
}
