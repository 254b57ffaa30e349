// FrogBot in this process on a fresh database, with the benchmark's model, one user and an API
// token, and the two requests of a question: the message that asks, and the answer.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildConfig, createFrogbot, postgresAdapter, sqliteAdapter, type DatabaseAdapter, type Frogbot } from '../packages/frogbot/src/index.ts'
import { question } from '../packages/frogbot/src/tools/index.ts'
import { createApiToken } from '../packages/frogbot/src/auth/api-tokens.ts'
import { ensureUser } from '../packages/frogbot/src/auth/users.ts'
import { storeOf } from '../packages/frogbot/src/frogbot-internals.ts'
import { createBenchDatabase, ignoreDroppedConnection } from './postgres.ts'
import { countPostgresQueries, countSqliteStatements } from './sql-counter.ts'
import { ANSWER, PROMPT, benchModel } from './turn.ts'

/** Which database a figure runs on. */
export type StoreKind = 'sqlite' | 'postgres'

/** A waiting chat: its id and the id of its pending `question` call. */
export type WaitingChat = { chatId: string; toolCallId: string }

/** FrogBot under benchmark (see {@link startFrogbot}). */
export type BenchFrogbot = {
  instance: Frogbot
  model: ReturnType<typeof benchModel>
  /** The SQLite file (SQLite only). */
  sqliteFile?: string
  /** Sends the user message over the HTTP handler; resolves once the question waits. */
  ask: () => Promise<WaitingChat>
  /** Sends the user message into chat `chatId` (which must be idle); resolves once its question waits. */
  askIn: (chatId: string) => Promise<WaitingChat>
  /** The answer over the HTTP handler, asking for the continuation as a stream. */
  answer: (chat: WaitingChat) => Promise<Response>
  /** A GET over the HTTP handler with the token (e.g. a chat's pending list). */
  get: (path: string) => Promise<Response>
  close: () => Promise<void>
}

/**
 * Starts FrogBot on a fresh SQLite file (WAL, as `frogbot serve` uses it) or a fresh PostgreSQL
 * database (a pool of `poolSize` connections, default 10 like FrogBot's own), counting its SQL.
 */
export async function startFrogbot(kind: StoreKind, { poolSize = 10 } = {}): Promise<BenchFrogbot> {
  let db: DatabaseAdapter
  let cleanup: () => Promise<void>
  let sqliteFile: string | undefined
  if (kind === 'sqlite') {
    countSqliteStatements()
    const dir = mkdtempSync(join(tmpdir(), 'frogbot-bench-'))
    sqliteFile = join(dir, 'bench.db')
    db = sqliteAdapter({ filename: sqliteFile })
    cleanup = async () => rmSync(dir, { recursive: true, force: true })
  } else {
    const { default: pg } = await import('pg')
    const database = await createBenchDatabase()
    const pool = countPostgresQueries(new pg.Pool({ connectionString: database.url, max: poolSize }))
    pool.on('error', ignoreDroppedConnection)
    db = postgresAdapter({ pool })
    cleanup = async () => {
      await pool.end()
      await database.drop()
    }
  }
  const model = benchModel()
  const instance = await createFrogbot(buildConfig({ agents: [{ slug: 'planner', model: 'fast', tools: [question] }], db }), { model, log: () => {}, maintenanceIntervalMs: 0 })
  const user = await ensureUser(storeOf(instance).db, { email: 'bench@example.com' })
  const { token } = await createApiToken(storeOf(instance).db, { userId: user.id, name: 'bench' })
  const post = (path: string, body: unknown, stream: boolean) =>
    instance.fetch(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(stream ? { accept: 'text/event-stream' } : {}) },
        body: JSON.stringify(body)
      })
    )
  const askIn = async (chatId: string | undefined): Promise<WaitingChat> => {
    const response = await post('/api/agents/planner', { prompt: PROMPT, ...(chatId ? { chatId } : {}) }, false)
    const asked = (await response.json()) as { chatId: string; pending?: { toolCallId: string }[] }
    if (!asked.pending?.[0]) throw new Error(`the question did not wait: ${response.status} ${JSON.stringify(asked)}`)
    return { chatId: asked.chatId, toolCallId: asked.pending[0].toolCallId }
  }
  return {
    instance,
    model,
    sqliteFile,
    ask: () => askIn(undefined),
    askIn,
    answer: (chat) => post(`/api/agents/planner/chats/${chat.chatId}/settle`, { toolCallId: chat.toolCallId, output: ANSWER }, true),
    get: (path) => instance.fetch(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } })),
    close: async () => {
      await instance.close()
      await cleanup()
    }
  }
}
