import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFrogbot, sqliteAdapter, type Frogbot } from 'frogbot'
import planner from '../frogbot.config.ts'
import { createApiToken } from '../../../packages/frogbot/src/auth/api-tokens.ts'
import { ensureUser } from '../../../packages/frogbot/src/auth/users.ts'
import { storeOf } from '../../../packages/frogbot/src/frogbot-internals.ts'

// The main job's own client tool: with no model key, the planner runs on the offline demo model,
// which calls `pick_file` when asked to pick a file; the answer is validated by the tool's own
// `validate` (seed: "Build a client tool") and the same reply continues.

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

describe('the planner example: pick_file on the offline demo model', () => {
  it('calls pick_file with the files the prompt names, refuses a file it did not offer, and continues with the picked one', async () => {
    const asked = await call('POST', '/api/agents/planner', { prompt: 'Pick a file: plan.md, budget.csv or notes.txt' })
    expect(asked.status).toBe(200)
    expect(asked.body.status).toBe('awaiting-input')
    expect(asked.body.pending).toEqual([expect.objectContaining({ toolName: 'pick_file', input: { files: ['plan.md', 'budget.csv', 'notes.txt'] } })])
    const { chatId } = asked.body
    const { toolCallId } = asked.body.pending[0]

    const refused = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, output: { file: 'secrets.env' } })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'invalid-output', error: expect.stringContaining('Pick one of the offered files.') })

    const answered = await call('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, output: { file: 'budget.csv' } })
    expect(answered.status).toBe(200)
    expect(answered.body.status).toBe('complete')
    expect(answered.body.text).toContain('The pick_file tool returned {"file":"budget.csv"}')
  })

  it('still asks its question for a prompt that names no tool', async () => {
    const asked = await call('POST', '/api/agents/planner', { prompt: 'Plan a team offsite: should it be in the city or in the mountains?' })
    expect(asked.body.pending).toEqual([expect.objectContaining({ toolName: 'question' })])
  })
})
