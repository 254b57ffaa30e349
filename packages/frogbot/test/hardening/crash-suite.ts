import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { postgresAdapter } from '../../src/store/postgres-adapter.ts'
import { sqliteAdapter } from '../../src/store/sqlite-adapter.ts'
import type { Database } from '../../src/store/database-schema.ts'
import { createTestDatabase, type TestDatabase } from '../../src/testing/postgres.ts'
import { callJson, cliEnv, type ServeProcess, startServe, stopAllServes, tempCwd, WAIT_MS } from '../helpers/spawn-serve.ts'
import { storedTranscriptProblems } from './stored-transcripts.ts'

// `kill -9` of a real `frogbot serve` process while a question waits, during a continuation, and
// 0–50 ms after settles, with a second process on the same database that carries on. The model
// script and its call log: ../cluster/fixtures/cluster.config.ts. Checked through the HTTP API
// and the database: no answer lost, none applied twice, no continuation run twice, no chat held
// past its lease, every transcript valid for the model.

const CONFIG = fileURLToPath(new URL('../cluster/fixtures/cluster.config.ts', import.meta.url))
const LEASE_MS = 1500
/** How often `frogbot serve` looks for queues whose turn died (its default maintenance interval). */
const MAINTENANCE_MS = 5000
/** Chats settled just before each kill of that kind. */
const SETTLES_PER_KILL = 8

type LogEntry = { pid: number; kind: 'ask' | 'continuation' | 'second-step' | 'reply'; first: string; answer?: string; prompt?: string }
type Asked = { chatId: string; toolCallId: string; messageId: string; first: string }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `check` every 50 ms until it returns a value; fails after `timeoutMs`. */
async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(50)
  }
}

const answerOf = (custom: string) => ({ answers: [{ header: 'Color', selected: [], custom }] })

/** The crash tests on one database: `SQLite` (a file two processes share) or `PostgreSQL`. */
export function crashSuite(database: 'SQLite' | 'PostgreSQL') {
  let cwd: { dir: string; remove: () => void }
  let pg: TestDatabase | undefined
  let db: Kysely<Database>
  let logFile: string
  let env: NodeJS.ProcessEnv
  let victim: ServeProcess
  /** The process the next test kills, starting while the previous test checks its aftermath. */
  let nextVictim: Promise<ServeProcess>
  const started: ServeProcess[] = []
  let survivor: ServeProcess
  const token = randomBytes(16).toString('hex')

  const start = () => startServe({ cwd: cwd.dir, env, config: CONFIG }).then((server) => (started.push(server), server))
  const call = (server: ServeProcess, method: string, path: string, body?: unknown) => callJson(server.base, token, method, path, body)
  const log = (): LogEntry[] => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [])
  const calls = (kind: LogEntry['kind'], first: string) => log().filter((entry) => entry.kind === kind && entry.first === first)
  const stateOf = async (chatId: string) => (await call(survivor, 'GET', `/api/agents/planner/chats/${chatId}/pending`)).json.state as string

  async function ask(server: ServeProcess, first: string): Promise<Asked> {
    const asked = await call(server, 'POST', '/api/agents/planner', { prompt: first })
    expect(asked.json.status, JSON.stringify(asked.json)).toBe('awaiting-input')
    return { chatId: asked.json.chatId, toolCallId: asked.json.pending[0].toolCallId, messageId: asked.json.pending[0].messageId, first }
  }
  const settle = (server: ServeProcess, chat: Asked, custom: string) => call(server, 'POST', `/api/agents/planner/chats/${chat.chatId}/settle`, { toolCallId: chat.toolCallId, output: answerOf(custom) })
  /** A settle that asks for the streamed continuation: resolves once the answer is acknowledged (the stream starts). */
  async function settleStreamed(server: ServeProcess, chat: Asked, custom: string) {
    const response = await fetch(`${server.base}/api/agents/planner/chats/${chat.chatId}/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ toolCallId: chat.toolCallId, output: answerOf(custom) }),
      signal: AbortSignal.timeout(WAIT_MS)
    })
    void response.text().catch(() => {}) // cut when the process dies
    return response
  }

  /** SIGKILL to the victim (by its pid); resolves once it is dead, with the next victim starting. */
  async function killVictim() {
    const dead = victim
    dead.child.kill('SIGKILL')
    await until('the killed process to exit', () => (dead.child.signalCode === 'SIGKILL' ? true : undefined))
    nextVictim = start()
  }

  /** The stored question part and its settlements, read through the API. */
  async function storedAnswer(chat: Asked) {
    const read = await call(survivor, 'GET', `/api/agents/planner/chats/${chat.chatId}`)
    const message = read.json.messages.find((entry: any) => entry.id === chat.messageId)
    return {
      read: read.json,
      message,
      part: message.parts.find((part: any) => part.toolCallId === chat.toolCallId),
      settlements: message.settlements.filter((entry: any) => entry.toolCallId === chat.toolCallId)
    }
  }

  beforeAll(async () => {
    cwd = tempCwd()
    logFile = join(cwd.dir, 'model-calls.jsonl')
    if (database === 'PostgreSQL') pg = await createTestDatabase()
    env = cliEnv({ FROGBOT_TOKEN: token, FROGBOT_CLUSTER_LOG: logFile, FROGBOT_LEASE_MS: String(LEASE_MS), ...(pg ? { DATABASE_URL: pg.url } : {}) })
    survivor = await start()
    nextVictim = start()
    await nextVictim
    db = (pg ? postgresAdapter({ url: pg.url }) : sqliteAdapter({ filename: join(cwd.dir, 'frogbot.db') })).connect()
  }, 90_000)

  afterAll(async () => {
    await stopAllServes()
    await db?.destroy()
    await pg?.drop()
    cwd?.remove()
  })

  it(`${database}: kill -9 while questions wait; another process answers each, and each continues once`, async () => {
    victim = await nextVictim
    const chats = await Promise.all([1, 2, 3].map((n) => ask(victim, `[waits ${n}] ask me the color`)))
    await killVictim()
    for (const [index, chat] of chats.entries()) {
      const pending = await call(survivor, 'GET', `/api/agents/planner/chats/${chat.chatId}/pending`)
      expect(pending.json).toMatchObject({ state: 'awaiting', pending: [{ toolCallId: chat.toolCallId }] })
      const done = await settle(survivor, chat, `W${index}`)
      expect(done.json).toMatchObject({ status: 'complete', messageId: chat.messageId, text: `You answered W${index}.` })
      expect(calls('continuation', chat.first)).toHaveLength(1)
    }
    expect(await storedTranscriptProblems(db, chats.map((chat) => chat.chatId))).toEqual([])
  }, 60_000)

  it(`${database}: kill -9 during the continuation; the answer and the finished step are kept, nothing runs again, and after the lease the queued message starts by itself`, async () => {
    victim = await nextVictim
    const chat = await ask(victim, '[continues] slow: ask me the color')
    const settling = settle(victim, chat, 'navy').catch((error: Error) => error)
    await until('the second step of the continuation', () => calls('second-step', chat.first)[0])
    const queued = await call(survivor, 'POST', '/api/agents/planner', { chatId: chat.chatId, prompt: 'Queued while it ran' })
    expect(queued.status, JSON.stringify(queued.json)).toBe(202)
    await sleep(300)
    expect(await stateOf(chat.chatId)).toBe('running')
    await killVictim()
    const killedAt = Date.now()
    expect(await settling).toBeInstanceOf(Error)

    const reply = await until('the queued message to start by itself', () => log().find((entry) => entry.kind === 'reply' && entry.first === chat.first), LEASE_MS + MAINTENANCE_MS + 8000)
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + MAINTENANCE_MS + 8000)
    await until('the queued turn to end', async () => ((await stateOf(chat.chatId)) === 'idle' ? true : undefined))
    expect(reply.prompt).toContain('navy')

    const { read, message, part, settlements } = await storedAnswer(chat)
    expect(read.messages.map((entry: any) => entry.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(read.queued).toEqual([])
    expect(part).toMatchObject({ state: 'output-available', output: answerOf('navy') })
    expect(settlements).toMatchObject([{ outcome: 'answered' }])
    // The continuation's finished first step is stored; the step cut by the kill is not re-run.
    expect(message.parts.some((entry: any) => entry.type === 'text' && entry.text === 'Noting navy.')).toBe(true)
    expect(message.parts.find((entry: any) => entry.type === 'tool-note')).toMatchObject({ state: 'output-available', output: { noted: 'navy' } })
    expect(calls('continuation', chat.first)).toHaveLength(1)
    expect(calls('second-step', chat.first)).toHaveLength(1)
    expect(await storedTranscriptProblems(db, [chat.chatId])).toEqual([])
  }, 90_000)

  /**
   * Kills the victim just after `settleAll` sent each chat's answer (see the two cases below), then
   * checks that a retry on the survivor settles each call exactly once with its answer, that no
   * continuation ran twice, that every chat is free within the lease, and that the next message
   * of each chat reaches the model with the answer.
   */
  async function killAfterSettles(label: string, settleAll: (chats: Asked[], answers: string[]) => Promise<{ acknowledged: Promise<boolean[]> }>) {
    victim = await nextVictim
    const chats = await Promise.all(Array.from({ length: SETTLES_PER_KILL }, (_, index) => ask(victim, `[${label}, chat ${index}] paced: ask me the color`)))
    const answers = chats.map((_, index) => `${label} ${index}`)
    const settled = await settleAll(chats, answers)
    await killVictim()
    const killedAt = Date.now()
    const acknowledged = await settled.acknowledged

    for (const [index, chat] of chats.entries()) {
      // The client may not have heard back: it sends the same answer to another process.
      const retry = await settle(survivor, chat, answers[index])
      if (retry.status === 200) {
        expect(acknowledged[index], 'an acknowledged answer was applied again').toBe(false)
        expect(retry.json).toMatchObject({ status: 'complete', text: `You answered ${answers[index]}, thank you for waiting.` })
      } else {
        expect(retry.status, JSON.stringify(retry.json)).toBe(409)
        expect(retry.json).toMatchObject({ code: 'already-settled', settlement: { outcome: 'answered', part: { output: answerOf(answers[index]) } } })
      }
    }
    await until('every chat to be free', async () => ((await Promise.all(chats.map((chat) => stateOf(chat.chatId)))).every((state) => state === 'idle') ? true : undefined), LEASE_MS + 8000)
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + 8000)

    for (const [index, chat] of chats.entries()) {
      const { part, settlements } = await storedAnswer(chat)
      expect(part).toMatchObject({ state: 'output-available', output: answerOf(answers[index]) })
      expect(settlements).toMatchObject([{ outcome: 'answered' }])
      expect(calls('continuation', chat.first).length).toBeLessThanOrEqual(1)
      const next = await call(survivor, 'POST', '/api/agents/planner', { chatId: chat.chatId, prompt: 'Anything else?' })
      expect(next.json).toMatchObject({ status: 'complete', text: 'Reply to: Anything else?' })
      expect(calls('reply', chat.first).at(-1)!.prompt).toContain(answers[index])
    }
    expect(await storedTranscriptProblems(db, chats.map((chat) => chat.chatId))).toEqual([])
  }

  it(`${database}: kill -9 0–50 ms after ${SETTLES_PER_KILL} answers were sent; a retry elsewhere settles each once, no continuation twice, no chat held past the lease`, async () => {
    await killAfterSettles('sent', async (chats, answers) => {
      // Chat i's answer goes out (50 × i / (n − 1)) ms before the kill.
      const sent = chats.map((chat, index) =>
        sleep(50 - Math.round((50 * index) / (chats.length - 1))).then(() => settle(victim, chat, answers[index]).catch((error: Error) => error))
      )
      await sleep(50)
      return { acknowledged: Promise.all(sent).then((answered) => answered.map((answer) => !(answer instanceof Error) && answer.status === 200)) }
    })
  }, 90_000)

  it(`${database}: kill -9 0–50 ms after ${SETTLES_PER_KILL} answers were acknowledged (streamed continuations cut); each answer kept once, no continuation twice`, async () => {
    await killAfterSettles('acknowledged', async (chats, answers) => {
      const started = await Promise.all(chats.map((chat, index) => settleStreamed(victim, chat, answers[index])))
      expect(started.map((response) => response.status)).toEqual(chats.map(() => 200))
      await sleep(Math.floor(Math.random() * 51))
      return { acknowledged: Promise.resolve(chats.map(() => true)) }
    })
  }, 90_000)

  it(`${database}: afterwards every stored chat is valid for the model and none is held by a dead process`, async () => {
    expect(await storedTranscriptProblems(db)).toEqual([])
    const held = await db.selectFrom('frogbot_chats').select(['id', 'lease_until']).where('state', '=', 'running').execute()
    expect(held.filter((chat) => (chat.lease_until ?? '') < new Date().toISOString())).toEqual([])
    await nextVictim
    for (const server of started) expect(server.stderr()).not.toMatch(/unexpected error/)
  })
}
