import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'
import { callJson, cliEnv, runCli, type ServeProcess, startServe, stopAllServes, tempCwd, WAIT_MS } from '../helpers/spawn-serve.ts'

// Three real `frogbot serve` processes behind no load balancer but one PostgreSQL database,
// driven over HTTP on 127.0.0.1. The model script and its call log: fixtures/cluster.config.ts.

const CONFIG = fileURLToPath(new URL('./fixtures/cluster.config.ts', import.meta.url))
const LEASE_MS = 1500

type LogEntry = { pid: number; kind: 'ask' | 'continuation' | 'reply'; first: string; answer?: string; prompt?: string }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` every 50 ms until it returns a value; fails after `timeoutMs` (at most WAIT_MS). */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + Math.min(timeoutMs, WAIT_MS)
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(50)
  }
}

describePostgres('several frogbot serve processes on one PostgreSQL', () => {
  let database: TestDatabase
  let cwd: { dir: string; remove: () => void }
  let logFile: string
  let env: NodeJS.ProcessEnv
  let servers: ServeProcess[] = []
  const token = randomBytes(16).toString('hex')

  const log = (): LogEntry[] =>
    existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : []
  const start = () => startServe({ cwd: cwd.dir, env, config: CONFIG })
  const call = (server: ServeProcess, method: string, path: string, body?: unknown) => callJson(server.base, token, method, path, body)

  /** A new chat on `server` whose question waits; `first` is its prompt. */
  async function ask(server: ServeProcess, first: string) {
    const asked = await call(server, 'POST', '/api/agents/planner', { prompt: first })
    expect(asked.status, JSON.stringify(asked.json)).toBe(200)
    expect(asked.json.status).toBe('awaiting-input')
    return { chatId: asked.json.chatId as string, call: asked.json.pending[0] as { toolCallId: string; messageId: string } }
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    cwd = tempCwd()
    logFile = join(cwd.dir, 'model-calls.jsonl')
    env = cliEnv({ FROGBOT_TOKEN: token, DATABASE_URL: database.url, FROGBOT_CLUSTER_LOG: logFile, FROGBOT_LEASE_MS: String(LEASE_MS) })
    // All three start at once on an empty database: the migrations run once, nobody fails.
    servers = await Promise.all([start(), start(), start()])
  })

  afterAll(async () => {
    await stopAllServes()
    await database?.drop()
    cwd?.remove()
  })

  it('start together on an empty database, each on PostgreSQL without printing the password', async () => {
    for (const server of servers) {
      expect(server.stdout()).toContain(`frogbot: database: PostgreSQL 127.0.0.1:5432/${database.name}`)
      expect(server.stdout()).not.toContain(token)
    }
    const migrated = await runCli(['migrate', '--config', CONFIG], { cwd: cwd.dir, env })
    expect(migrated.stdout).toContain('is up to date')
    // PostgreSQL text cannot hold NUL: an id with one is simply not found, never a 500.
    const nul = await call(servers[0], 'GET', '/api/agents/planner/chats/chat_%00_nul')
    expect(nul.status).toBe(404)
  })

  it('100 concurrent answers over three processes: one 200 and one continuation, 99 × 409 already-settled with the winning answer', async () => {
    const { chatId, call: pending } = await ask(servers[0], 'Paint the shed: ask me which color')
    const settleURL = `/api/agents/planner/chats/${chatId}/settle`
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        call(servers[index % 3], 'POST', settleURL, { toolCallId: pending.toolCallId, output: { answers: [{ header: 'Color', selected: [], custom: `answer ${index}` }] } })
      )
    )

    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200), JSON.stringify(responses.filter((response) => response.status !== 409).map((response) => response.json))).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(99)
    const winner = responses.find((response) => response.status === 200)!
    const winning = winner.json.settlement.part.output
    const answer = winning.answers[0].custom as string
    expect(winner.json).toMatchObject({ status: 'complete', chatId, messageId: pending.messageId, text: `You answered ${answer}.` })
    for (const loser of responses.filter((response) => response.status === 409)) {
      expect(loser.json.code).toBe('already-settled')
      expect(loser.json.settlement.part.output).toEqual(winning)
    }

    const continuations = log().filter((entry) => entry.kind === 'continuation' && entry.first.includes('which color'))
    expect(continuations).toHaveLength(1)
    expect(continuations[0].answer).toBe(answer)

    for (const server of servers) {
      const chat = await call(server, 'GET', `/api/agents/planner/chats/${chatId}`)
      expect(chat.json.chat.state).toBe('idle')
      expect(chat.json.pending).toEqual([])
      const assistants = chat.json.messages.filter((message: any) => message.role === 'assistant')
      expect(assistants).toHaveLength(1)
      expect(assistants[0].id).toBe(pending.messageId)
      expect(assistants[0].settlements).toHaveLength(1)
      expect(assistants[0].parts.find((part: any) => part.toolCallId === pending.toolCallId)).toMatchObject({ state: 'output-available', output: winning })
      expect(assistants[0].parts.filter((part: any) => part.type === 'text').at(-1).text).toBe(`You answered ${answer}.`)
    }
  }, 60_000)

  it('a revoked API token is refused by every process at once', async () => {
    const created = await runCli(['tokens', 'create', '--email', 'demo@frogbot.local', '--name', 'cluster', '--config', CONFIG], { cwd: cwd.dir, env })
    expect(created.code, created.stderr).toBe(0)
    const extra = /\b(fbt_[\w-]+)/.exec(created.stdout)![1]
    for (const server of servers) expect((await callJson(server.base, extra, 'GET', '/api/agents')).status).toBe(200)

    const revoked = await runCli(['tokens', 'revoke', extra.slice(0, 10), '--config', CONFIG], { cwd: cwd.dir, env })
    expect(revoked.stdout).toContain('Revoked token "cluster"')
    const after = await Promise.all(servers.map((server) => callJson(server.base, extra, 'GET', '/api/agents')))
    expect(after.map((response) => response.status)).toEqual([401, 401, 401])
    for (const server of servers) expect((await call(server, 'GET', '/api/agents')).status).toBe(200)
  }, 60_000)

  it('kill -9 of the process running a continuation: after the lease another process continues the chat, the answer kept', async () => {
    const { chatId, call: pending } = await ask(servers[0], 'Paint the shed: ask me, then hang while continuing')
    const victim = servers[1]
    const output = { answers: [{ header: 'Color', selected: ['Blue'], custom: 'navy, please' }] }
    const settling = call(victim, 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: pending.toolCallId, output }).catch((error: Error) => error)
    await until('the continuation to start', () => log().find((entry) => entry.kind === 'continuation' && entry.first.includes('then hang')))
    const running = await call(servers[2], 'GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(running.json.state).toBe('running')

    victim.child.kill('SIGKILL')
    await until('the process to die', () => (victim.child.signalCode === 'SIGKILL' ? true : undefined))
    expect(await settling).toBeInstanceOf(Error)
    const survivor = servers[2]
    const waitedFrom = Date.now()
    await until('the lease to pass', async () => ((await call(survivor, 'GET', `/api/agents/planner/chats/${chatId}/pending`)).json.state === 'idle' ? true : undefined), LEASE_MS + 10_000)
    expect(Date.now() - waitedFrom).toBeLessThan(LEASE_MS + 10_000)

    const again = await call(survivor, 'POST', '/api/agents/planner', { chatId, prompt: 'Still there?' })
    expect(again.status, JSON.stringify(again.json)).toBe(200)
    expect(again.json).toMatchObject({ status: 'complete', chatId, text: 'Reply to: Still there?' })
    const reply = log().find((entry) => entry.kind === 'reply' && entry.first.includes('then hang'))!
    expect(reply.prompt).toContain('navy, please')

    const chat = await call(servers[0], 'GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.state).toBe('idle')
    const asked = chat.json.messages.find((message: any) => message.id === pending.messageId)
    expect(asked.parts.find((part: any) => part.toolCallId === pending.toolCallId)).toMatchObject({ state: 'output-available', output })
    expect(asked.settlements).toMatchObject([{ toolCallId: pending.toolCallId, outcome: 'answered' }])
    expect(chat.json.messages.map((message: any) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    servers = servers.filter((server) => server !== victim)
  }, 60_000)

  it('stopping every process while a question waits, then starting one: the question is answerable', async () => {
    const { chatId, call: pending } = await ask(servers[1], 'Paint the fence: ask me the color')
    const exits = await Promise.all(servers.map((server) => server.stop()))
    expect(exits).toEqual(servers.map(() => ({ code: 0, signal: null })))

    const restarted = await start()
    servers = [restarted]
    const listed = await call(restarted, 'GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(listed.json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: pending.toolCallId, messageId: pending.messageId }] })
    const done = await call(restarted, 'POST', `/api/agents/planner/chats/${chatId}/settle`, {
      toolCallId: pending.toolCallId,
      output: { answers: [{ header: 'Color', selected: ['Red'] }] }
    })
    expect(done.status, JSON.stringify(done.json)).toBe(200)
    expect(done.json).toMatchObject({ status: 'complete', messageId: pending.messageId, text: 'You answered Red.' })
    expect(log().filter((entry) => entry.kind === 'continuation' && entry.first.includes('the fence'))).toHaveLength(1)
  }, 60_000)
})
