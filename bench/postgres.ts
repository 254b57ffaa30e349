// The PostgreSQL the benchmark uses: FROGBOT_BENCH_POSTGRES_URL, else FROGBOT_TEST_POSTGRES_URL,
// else postgres://postgres@127.0.0.1:5432/postgres. Each figure works in a throwaway database.
import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The admin connection the throwaway databases are created through. */
export const POSTGRES_ADMIN_URL = process.env.FROGBOT_BENCH_POSTGRES_URL ?? process.env.FROGBOT_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 })
  client.on('error', () => {})
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/** Why PostgreSQL cannot be reached, or `null` when it can. */
export async function postgresProblem(): Promise<string | null> {
  try {
    await admin((client) => client.query('select 1'))
    return null
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error)
  }
}

/** Creates an empty database `frogbot_bench_<random>`: its `url`, and `drop()` (forcing connections off). */
export async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `frogbot_bench_${randomBytes(6).toString('hex')}`
  await admin((client) => client.query(`create database ${name}`))
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(async (client) => void (await client.query(`drop database if exists ${name} with (force)`))) }
}

/**
 * A pool's `error` listener for a throwaway database: an idle connection that PostgreSQL closes
 * because `drop()` forced it off (SQLSTATE 57P01, admin_shutdown) is expected, so it is passed
 * over; any other lost connection is printed. Without a listener, pg's pool throws the error and
 * ends the benchmark.
 */
export function ignoreDroppedConnection(error: Error & { code?: string }): void {
  if (error.code !== '57P01') console.error(`bench: PostgreSQL connection lost: ${error.message}`)
}
