import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFrogbot, sqliteAdapter, type Frogbot } from 'frogbot'
import planner from '../frogbot.config.ts'
import { askHuman, runAskHuman } from '../scripts/mcp-ask-human.ts'
import { runPlanner } from '../scripts/ag-ui-run.ts'
import { createApiToken } from '../../../packages/frogbot/src/auth/api-tokens.ts'
import { ensureUser } from '../../../packages/frogbot/src/auth/users.ts'
import { storeOf } from '../../../packages/frogbot/src/frogbot-internals.ts'

// The protocol examples of docs/protocols run against the planner on the offline demo model.

const dir = mkdtempSync(join(tmpdir(), 'frogbot-planner-'))
let app: Frogbot
let token: string
const base = 'http://localhost'

beforeAll(async () => {
  app = await createFrogbot({ ...planner, db: sqliteAdapter({ filename: join(dir, 'frogbot.db') }) }, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
  const ada = await ensureUser(storeOf(app).db, { email: 'ada@example.com' })
  token = (await createApiToken(storeOf(app).db, { userId: ada.id, name: 'test' })).token
})
afterAll(async () => {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
})

const http = async (method: string, path: string, body?: unknown) =>
  (await (await app.fetch(new Request(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }))).json()) as Record<string, any>

describe('the protocol examples', () => {
  it('scripts/mcp-ask-human.ts prints the answer given in FrogBot', async () => {
    const asked = askHuman({ base, token, fetch: app.fetch })
    let waiting: { id: string } | undefined
    while (!waiting) {
      waiting = (await http('GET', '/api/chats')).chats.find((chat: { state: string }) => chat.state === 'awaiting')
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const { pending } = await http('GET', `/api/agents/planner/chats/${waiting.id}/pending`)
    await http('POST', `/api/agents/planner/chats/${waiting.id}/settle`, { toolCallId: pending[0].toolCallId, output: { answers: [{ header: 'Deploy', selected: ['Wait until Monday'] }] } })
    expect(await asked).toEqual({ answers: [{ header: 'Deploy', selected: ['Wait until Monday'] }] })
  })

  it('scripts/mcp-ask-human.ts waits across a restart of FrogBot and prints the later answer', async () => {
    let server: Frogbot | undefined = app
    const viaServer = async (request: Request) => {
      // While no FrogBot runs, a request cannot connect, as to a server that is restarting.
      if (!server) throw new TypeError('fetch failed')
      return server.fetch(request)
    }
    const asked = askHuman({ base, token, fetch: viaServer, retryMs: 100 })
    const awaiting = (chat: { state: string }) => chat.state === 'awaiting'
    let waiting: { id: string } | undefined
    while (!waiting) {
      waiting = (await http('GET', '/api/chats')).chats.find(awaiting)
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const closing = app.close()
    server = undefined
    await closing
    await new Promise((resolve) => setTimeout(resolve, 500))
    const db = sqliteAdapter({ filename: join(dir, 'frogbot.db') })
    app = await createFrogbot({ ...planner, db }, { env: {}, log: () => {}, maintenanceIntervalMs: 0 })
    server = app
    const { pending } = await http('GET', `/api/agents/planner/chats/${waiting.id}/pending`)
    const output = { answers: [{ header: 'Deploy', selected: ['Deploy now'] }] }
    const settle = `/api/agents/planner/chats/${waiting.id}/settle`
    await http('POST', settle, { toolCallId: pending[0].toolCallId, output })
    expect(await asked).toEqual(output)
  })

  // A dismissal, a Stop or an expiry ended the script with an uncaught stack trace: it now prints
  // one line of how the question ended and exits 1.
  it.each([
    [
      'dismissed',
      (chatId: string, toolCallId: string) =>
        http('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, dismissed: true, reason: 'not now' })
    ],
    ['cancelled by a Stop', (chatId: string) => http('POST', `/api/agents/planner/chats/${chatId}/stop`)]
  ])('scripts/mcp-ask-human.ts on a question %s: one line, exit 1, no stack trace', async (_how, end) => {
    const lines: string[] = []
    const print = {
      out: (line: string) => lines.push(`out: ${line}`),
      error: (line: string) => lines.push(`error: ${line}`)
    }
    const exit = runAskHuman({ base, token, fetch: app.fetch }, print)
    const awaiting = (chat: { state: string }) => chat.state === 'awaiting'
    let waiting: { id: string } | undefined
    while (!waiting) {
      waiting = (await http('GET', '/api/chats')).chats.find(awaiting)
      if (!waiting) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const { pending } = await http('GET', `/api/agents/planner/chats/${waiting.id}/pending`)
    await end(waiting.id, pending[0].toolCallId)
    expect(await exit).toBe(1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^error: The question was not answered: \S/)
    expect(lines[0]).not.toMatch(/\n|\bat .*\.ts:\d+/)
  })

  it('scripts/ag-ui-run.ts is interrupted by the question and resumes it', async () => {
    const { threadId, text } = await runPlanner({ base, token, fetch: app.fetch, prompt: 'Plan a team offsite: city or mountains?' })
    const chat = await http('GET', `/api/agents/planner/chats/${threadId}`)
    expect(chat.chat.state).toBe('idle')
    expect(chat.messages.at(-1).settlements).toMatchObject([{ outcome: 'answered' }])
    expect(text.length).toBeGreaterThan(0)
  })
})
