import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'
import { callJson, cliEnv, runCli, type ServeProcess, startServe, stopAllServes, tempCwd, WAIT_MS } from '../helpers/spawn-serve.ts'
import { type Balancer, haproxyProblem, PGBOUNCER_URL, pgbouncerProblem, startHaproxy, throughPgbouncer } from '../helpers/balancer.ts'
import { REDIS_URL, redisReachable } from '../helpers/redis.ts'
import { decodeChunks } from '../helpers/ui-stream.ts'

// Three real `frogbot serve` processes behind HAProxy (round-robin), on one PostgreSQL database
// reached through PgBouncer in transaction mode (no prepared statements), sharing live streams
// through Redis, driven over HTTP on 127.0.0.1. The model script and its call log:
// fixtures/cluster.config.ts.

const CONFIG = fileURLToPath(new URL('./fixtures/cluster.config.ts', import.meta.url))
const LEASE_MS = 1500

type LogEntry = { pid: number; kind: 'ask' | 'continuation' | 'reply' | 'claimed'; first: string; answer?: string; prompt?: string; toolCallId?: string }

/** Why the balanced setup cannot run here (PgBouncer, HAProxy or Redis missing), or `null`. */
const missing = pgbouncerProblem ? `PgBouncer is not reachable at ${PGBOUNCER_URL} (${pgbouncerProblem}); .ci/start-pgbouncer starts it` : (haproxyProblem ?? (redisReachable ? null : `Redis is not reachable at ${REDIS_URL}`))

/** `describePostgres`, which also needs PgBouncer, HAProxy and Redis: skipped with a notice without them, a failure in CI. */
function describeBalanced(name: string, suite: () => void) {
  if (!missing) return describePostgres(name, suite)
  if (process.env.CI && !/^(false|0)$/i.test(process.env.CI)) {
    return describe(name, () => it('needs PgBouncer, HAProxy and Redis', () => expect.fail(missing)))
  }
  console.warn(`notice: skipping "${name}": ${missing}`)
  describe.skip(name, suite)
}

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

describeBalanced('three frogbot serve processes behind HAProxy, on PostgreSQL through PgBouncer, with Redis', () => {
  let database: TestDatabase
  let balancer: Balancer
  let cwd: { dir: string; remove: () => void }
  let logFile: string
  let env: NodeJS.ProcessEnv
  let servers: ServeProcess[] = []
  const token = randomBytes(16).toString('hex')

  const log = (): LogEntry[] =>
    existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : []
  const start = () => startServe({ cwd: cwd.dir, env, config: CONFIG })
  const call = (server: { base: string }, method: string, path: string, body?: unknown) => callJson(server.base, token, method, path, body)
  const stream = (method: string, path: string, body?: unknown) =>
    fetch(balancer.base + path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(WAIT_MS * 2)
    })

  /** A new chat on `server` (the balancer by default) whose question waits; `first` is its prompt. */
  async function ask(server: { base: string }, first: string, agent = 'planner') {
    const asked = await call(server, 'POST', `/api/agents/${agent}`, { prompt: first })
    expect(asked.status, JSON.stringify(asked.json)).toBe(200)
    expect(asked.json.status).toBe('awaiting-input')
    return { chatId: asked.json.chatId as string, call: asked.json.pending[0] as { toolCallId: string; messageId: string } }
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    cwd = tempCwd()
    logFile = join(cwd.dir, 'model-calls.jsonl')
    env = cliEnv({
      FROGBOT_TOKEN: token,
      DATABASE_URL: throughPgbouncer(database.url),
      FROGBOT_PREPARED_STATEMENTS: 'false',
      REDIS_URL,
      FROGBOT_CLUSTER_LOG: logFile,
      FROGBOT_LEASE_MS: String(LEASE_MS)
    })
    // All three start at once on an empty database: the migrations run once, nobody fails.
    servers = await Promise.all([start(), start(), start()])
    balancer = await startHaproxy(servers.map((server) => server.port))
  })

  afterAll(async () => {
    await balancer?.stop()
    await stopAllServes()
    await database?.drop()
    cwd?.remove()
  })

  it('start together on an empty database, each on PostgreSQL through PgBouncer without printing the password', async () => {
    const pooler = new URL(PGBOUNCER_URL)
    for (const server of servers) {
      expect(server.stdout()).toContain(`frogbot: database: PostgreSQL ${pooler.host}/${database.name} (user postgres) without prepared statements`)
      expect(server.stdout()).not.toContain(token)
    }
    const migrated = await runCli(['migrate', '--config', CONFIG], { cwd: cwd.dir, env })
    expect(migrated.stdout).toContain('is up to date')
    // PostgreSQL text cannot hold NUL: an id with one is simply not found, never a 500.
    const nul = await call(servers[0], 'GET', '/api/agents/planner/chats/chat_%00_nul')
    expect(nul.status).toBe(404)
    // Each is ready (database through PgBouncer, Redis), and so the balancer sends to all three.
    for (const server of servers) expect(await call(server, 'GET', '/api/ready')).toEqual({ status: 200, json: { ok: true, checks: { database: 'ok', liveStreams: 'ok' } } })
  })

  it("the seed's walkthrough through the balancer, each request to the next server: ask, list, a wrong answer refused, the answer streamed, a second answer refused", async () => {
    const { chatId, call: pending } = await ask(balancer, 'Paint the shed: ask me which color')
    const listed = await call(balancer, 'GET', `/api/agents/planner/chats/${chatId}/pending`)
    expect(listed.json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: pending.toolCallId, messageId: pending.messageId, toolName: 'question' }] })
    const wrong = await call(balancer, 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: pending.toolCallId, output: { answers: [{ header: 'Color', selected: ['Purple'] }] } })
    expect(wrong.status).toBe(400)
    expect(wrong.json.code).toBe('invalid-output')
    const answered = await stream('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: pending.toolCallId, output: { answers: [{ header: 'Color', selected: ['Blue'] }] } })
    expect(answered.status).toBe(200)
    const chunks = await decodeChunks(answered)
    expect(chunks[0]).toMatchObject({ type: 'start', messageId: pending.messageId })
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => (chunk as { delta: string }).delta).join('')).toBe('You answered Blue.')
    const again = await call(balancer, 'POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: pending.toolCallId, output: { answers: [{ header: 'Color', selected: ['Red'] }] } })
    expect(again.status).toBe(409)
    expect(again.json.code).toBe('already-settled')
    const read = await call(balancer, 'GET', `/api/agents/planner/chats/${chatId}`)
    expect(read.json.chat.state).toBe('idle')
    expect(read.json.messages.map((message: any) => message.role)).toEqual(['user', 'assistant'])
  }, 60_000)

  it('100 concurrent answers through the balancer: one 200 and one continuation, 99 × 409 already-settled with the winning answer', async () => {
    const { chatId, call: pending } = await ask(balancer, 'Paint the shed: ask me which color, for the race')
    const settleURL = `/api/agents/planner/chats/${chatId}/settle`
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        call(balancer, 'POST', settleURL, { toolCallId: pending.toolCallId, output: { answers: [{ header: 'Color', selected: [], custom: `answer ${index}` }] } })
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

    const continuations = log().filter((entry) => entry.kind === 'continuation' && entry.first.includes('for the race'))
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

  it('kill -9 of the process streaming a continuation: a tab joined from another process gets what was sent and an end; the balancer routes around the dead process; after the lease the chat goes on with the answer kept', async () => {
    const { chatId, call: pending } = await ask(balancer, 'Paint the shed: ask me, then hang while continuing')
    const output = { answers: [{ header: 'Color', selected: ['Blue'], custom: 'navy, please' }] }
    const settling = stream('POST', `/api/agents/planner/chats/${chatId}/settle`, { toolCallId: pending.toolCallId, output }).then((response) => decodeChunks(response)).catch((error: Error) => error)
    const started = await until('the continuation to start', () => log().find((entry) => entry.kind === 'continuation' && entry.first.includes('then hang')))
    const victim = servers.find((server) => server.child.pid === started.pid)!
    expect(victim).toBeDefined()
    const survivors = servers.filter((server) => server !== victim)
    // A second tab, on another process: it joins the continuation through Redis from its start.
    let joined: Response | undefined
    await until('the run to be listed', async () => {
      const response = await fetch(`${survivors[0].base}/api/agents/planner/${chatId}/stream`, { headers: { authorization: `Bearer ${token}` } })
      if (response.status === 200) return (joined = response)
      await response.body?.cancel()
      return undefined
    })
    const tab = decodeChunks(joined!)
    expect((await call(survivors[1], 'GET', `/api/agents/planner/chats/${chatId}/pending`)).json.state).toBe('running')

    victim.child.kill('SIGKILL')
    await until('the process to die', () => (victim.child.signalCode === 'SIGKILL' ? true : undefined))
    servers = survivors
    const chunks = await tab
    expect(chunks[0]).toMatchObject({ type: 'start', messageId: pending.messageId })
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => (chunk as { delta: string }).delta).join('')).toContain('Thinking it over')
    expect(await settling).toBeInstanceOf(Error)

    const waitedFrom = Date.now()
    await until('the lease to pass', async () => ((await call(balancer, 'GET', `/api/agents/planner/chats/${chatId}/pending`)).json.state === 'idle' ? true : undefined), LEASE_MS + 10_000)
    expect(Date.now() - waitedFrom).toBeLessThan(LEASE_MS + 10_000)
    // Every request through the balancer now reaches a live process.
    const again = await call(balancer, 'POST', '/api/agents/planner', { chatId, prompt: 'Still there?' })
    expect(again.status, JSON.stringify(again.json)).toBe(200)
    expect(again.json).toMatchObject({ status: 'complete', chatId, text: 'Reply to: Still there?' })
    const reply = log().find((entry) => entry.kind === 'reply' && entry.first.includes('then hang'))!
    expect(reply.prompt).toContain('navy, please')
    for (let index = 0; index < 6; index++) expect((await call(balancer, 'GET', '/api/agents')).status).toBe(200)

    const chat = await call(balancer, 'GET', `/api/agents/planner/chats/${chatId}`)
    expect(chat.json.chat.state).toBe('idle')
    const asked = chat.json.messages.find((message: any) => message.id === pending.messageId)
    expect(asked.parts.find((part: any) => part.toolCallId === pending.toolCallId)).toMatchObject({ state: 'output-available', output })
    expect(asked.settlements).toMatchObject([{ toolCallId: pending.toolCallId, outcome: 'answered' }])
    expect(chat.json.messages.map((message: any) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
  }, 60_000)

  it("questions past their deadline are each claimed by one process's sweeper and expired once", async () => {
    const asked = await Promise.all(Array.from({ length: 12 }, (_, index) => ask(balancer, `Quick: ask me, number ${index}`, 'sweeper')))
    const ids = asked.map((chat) => chat.call.toolCallId)
    // The sweepers run every 5 s in each process; each call expires after 1 s.
    await until(
      'every call to expire',
      async () => {
        const states = await Promise.all(asked.map(({ chatId }) => call(balancer, 'GET', `/api/agents/sweeper/chats/${chatId}/pending`)))
        return states.every((state) => state.json.state === 'idle') ? true : undefined
      },
      15_000
    )
    const claims = log().filter((entry) => entry.kind === 'claimed' && ids.includes(entry.toolCallId!))
    expect(claims.map((entry) => entry.toolCallId).sort()).toEqual([...ids].sort())
    for (const { chatId, call: pending } of asked) {
      const chat = await call(balancer, 'GET', `/api/agents/sweeper/chats/${chatId}`)
      const message = chat.json.messages.find((entry: any) => entry.id === pending.messageId)
      expect(message.settlements).toMatchObject([{ toolCallId: pending.toolCallId, outcome: 'expired' }])
    }
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
