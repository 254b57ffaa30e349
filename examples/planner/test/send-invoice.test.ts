import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFrogbot, sqliteAdapter, type Frogbot } from 'frogbot'
import planner from '../frogbot.config.ts'
import { createApiToken } from '../../../packages/frogbot/src/auth/api-tokens.ts'
import { ensureUser } from '../../../packages/frogbot/src/auth/users.ts'
import { storeOf } from '../../../packages/frogbot/src/frogbot-internals.ts'

// The main job's approval: on the offline demo model, "Send the invoice to ACME" calls
// `send_invoice`, which needs approval; the call waits for a yes, no or edit (docs/agents/approvals.md).

const dir = mkdtempSync(join(tmpdir(), 'frogbot-planner-'))
let app: Frogbot
let token: string

beforeAll(async () => {
  app = await createFrogbot({ ...planner, db: sqliteAdapter({ filename: join(dir, 'frogbot.db') }) }, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
  const ada = await ensureUser(storeOf(app).db, { email: 'ada@example.com' })
  token = (await createApiToken(storeOf(app).db, { userId: ada.id, name: 'test' })).token
})
afterAll(async () => {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
})

async function call(method: string, path: string, body: unknown) {
  const response = await app.fetch(new Request(`http://localhost${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body)
  }))
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}

const ask = async () => {
  const asked = await call('POST', '/api/agents/planner', { prompt: 'Send the invoice to ACME' })
  expect(asked.status).toBe(200)
  expect(asked.body.status).toBe('awaiting-input')
  expect(asked.body.pending).toEqual([
    expect.objectContaining({ toolName: 'send_invoice', kind: 'approval', input: { customer: 'ACME', amount: 1200, memo: 'Team offsite planning' } })
  ])
  return { chatId: asked.body.chatId as string, toolCallId: asked.body.pending[0].toolCallId as string }
}

describe('the planner example: send_invoice needs approval', () => {
  it('an edited approval runs the invoice with the edit and the same reply continues', async () => {
    const { chatId, toolCallId } = await ask()
    const approved = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, approved: true, input: { customer: 'ACME', amount: 900 } })
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ status: 'complete', settlement: { outcome: 'approved', input: { customer: 'ACME', amount: 900, memo: 'Team offsite planning' } } })
    expect(approved.body.text).toMatch(/The send_invoice tool returned \{"sent":true,"invoice":"INV-\w{6}","customer":"ACME","amount":900/)
  })

  it('a denial does not send it, and the demo model says so', async () => {
    const { chatId, toolCallId } = await ask()
    const denied = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, approved: false, reason: 'not this month' })
    expect(denied.body).toMatchObject({ status: 'complete', settlement: { outcome: 'denied', reason: 'not this month' } })
    expect(denied.body.text).toContain('You denied send_invoice, so I did not run it (Denied by the user. Reason: not this month).')
  })
})
