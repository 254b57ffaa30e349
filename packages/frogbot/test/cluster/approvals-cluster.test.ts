import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { APPROVED_NOT_FINISHED_TEXT } from '@frogbotai/protocol'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'
import { callJson, cliEnv, type ServeProcess, startServe, stopAllServes, tempCwd, WAIT_MS } from '../helpers/spawn-serve.ts'

// Approvals across three real `frogbot serve` processes on one PostgreSQL (docs/agents/approvals.md):
// an approved tool runs exactly once whatever races, and never twice after a kill -9. The model
// script and the tool's log: fixtures/approval.config.ts.

const CONFIG = fileURLToPath(new URL('./fixtures/approval.config.ts', import.meta.url))
const LEASE_MS = 1500

type LogEntry = { pid: number; kind: 'charge-start' | 'charge-end'; chatId: string; approvalId: string; input: unknown }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

describePostgres('approvals on three frogbot serve processes', () => {
  let database: TestDatabase
  let cwd: { dir: string; remove: () => void }
  let logFile: string
  let servers: ServeProcess[] = []
  const token = randomBytes(16).toString('hex')
  const log = (): LogEntry[] => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [])
  const call = (server: ServeProcess, method: string, path: string, body?: unknown) => callJson(server.base, token, method, path, body)

  async function ask(server: ServeProcess, prompt: string) {
    const asked = await call(server, 'POST', '/api/agents/planner', { prompt })
    expect(asked.json, JSON.stringify(asked.json)).toMatchObject({ status: 'awaiting-input', pending: [{ kind: 'approval', toolName: 'charge' }] })
    return { chatId: asked.json.chatId as string, toolCallId: asked.json.pending[0].toolCallId as string }
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    cwd = tempCwd()
    logFile = join(cwd.dir, 'charges.jsonl')
    const env = cliEnv({ FROGBOT_TOKEN: token, DATABASE_URL: database.url, FROGBOT_CLUSTER_LOG: logFile, FROGBOT_LEASE_MS: String(LEASE_MS) })
    servers = await Promise.all([0, 1, 2].map(() => startServe({ cwd: cwd.dir, env, config: CONFIG })))
  })

  afterAll(async () => {
    await stopAllServes()
    await database?.drop()
    cwd?.remove()
  })

  it('100 approvals and denials at once over three processes: one decision wins, and the tool runs exactly once (or never)', async () => {
    const { chatId, toolCallId } = await ask(servers[0], 'Please charge the card')
    const settleURL = `/api/agents/planner/chats/${chatId}/settle`
    // Mostly yes, some no, some edits: whichever wins, exactly one outcome is stored and acted on.
    const bodies = Array.from({ length: 100 }, (_, index) =>
      index % 10 === 3 ? { toolCallId, approved: false, reason: `no ${index}` } : index % 10 === 7 ? { toolCallId, approved: true, input: { cents: 100 + index } } : { toolCallId, approved: true }
    )
    const responses = await Promise.all(bodies.map((body, index) => call(servers[index % 3], 'POST', settleURL, body)))
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200), JSON.stringify(responses.filter((response) => response.status !== 409).map((response) => response.json))).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(99)
    const winner = responses.find((response) => response.status === 200)!.json
    for (const loser of responses.filter((response) => response.status === 409)) {
      expect(loser.json).toMatchObject({ code: 'already-settled', settlement: { outcome: winner.settlement.outcome } })
    }
    const runs = log().filter((entry) => entry.chatId === chatId)
    if (winner.settlement.outcome === 'approved') {
      expect(runs.map((entry) => entry.kind)).toEqual(['charge-start', 'charge-end'])
      expect(runs[0].input).toEqual(winner.settlement.input ?? { cents: 500 })
      expect(winner.text).toBe('Charged.')
    } else {
      expect(runs).toEqual([])
      expect(winner.text).toBe('Not charged.')
    }
    const chat = await call(servers[2], 'GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.state).toBe('idle')
    expect(chat.json.messages[1].settlements).toHaveLength(1)
  }, 60_000)

  it('kill -9 of the process running an approved tool: it is never run again, and the chat goes on with a tool error saying so', async () => {
    const { chatId, toolCallId } = await ask(servers[0], 'charge the card, then hang')
    const victim = servers[1]
    const settling = call(victim, 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, approved: true }).catch((error: Error) => error)
    const started = await until('the approved tool to start', () => log().find((entry) => entry.chatId === chatId && entry.kind === 'charge-start'))
    expect(started.pid).toBe(victim.child.pid)
    victim.child.kill('SIGKILL')
    await until('the process to die', () => (victim.child.signalCode === 'SIGKILL' ? true : undefined))
    expect(await settling).toBeInstanceOf(Error)
    servers = servers.filter((server) => server !== victim)
    const survivor = servers[0]
    await until('the lease to pass', async () => ((await call(survivor, 'GET', `/api/agents/planner/chats/${chatId}/pending`)).json.state === 'idle' ? true : undefined), LEASE_MS + 10_000)

    // Read once no turn runs, the call is closed as the next turn will close it: not shown as running.
    const resting = await call(survivor, 'GET', `/api/agents/planner/chats/${chatId}`)
    expect(resting.json.messages[1].parts.find((part: { toolCallId?: string }) => part.toolCallId === toolCallId)).toMatchObject({ state: 'output-error', errorText: APPROVED_NOT_FINISHED_TEXT })
    // Nobody can approve it again, and nothing runs it again.
    const again = await call(servers[1], 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId, approved: true })
    expect(again.json).toMatchObject({ code: 'already-settled', settlement: { outcome: 'approved' } })
    const next = await call(survivor, 'POST', '/api/agents/planner', { chatId, prompt: 'Did it go through?' })
    expect(next.json).toMatchObject({ status: 'complete', text: 'Reply to: Did it go through?' })
    await sleep(300)
    expect(log().filter((entry) => entry.chatId === chatId).map((entry) => entry.kind)).toEqual(['charge-start'])
    const chat = await call(survivor, 'GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.messages[1].parts.find((part: { toolCallId?: string }) => part.toolCallId === toolCallId)).toMatchObject({ state: 'output-error', errorText: APPROVED_NOT_FINISHED_TEXT })
  }, 60_000)
})
