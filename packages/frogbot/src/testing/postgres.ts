import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { describe, it } from 'vitest'

/**
 * The PostgreSQL the tests use: `FROGBOT_TEST_POSTGRES_URL`, default the project machines' server
 * (`postgres://postgres@127.0.0.1:5432/postgres`, trust auth). Each test file works in its own
 * throwaway database created through this connection.
 */
export const POSTGRES_ADMIN_URL = process.env.FROGBOT_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** Why the server cannot be reached (`problem`), and whether a connection pooler stands in front of it (`pooled`). */
async function probe(): Promise<{ problem: string | null; pooled: boolean }> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 })
  client.on('error', () => {})
  try {
    await client.connect()
    const { rows } = await client.query('select inet_server_port() as port')
    // Behind PgBouncer the server listens on another port than the one the URL names.
    const named = Number(new URL(POSTGRES_ADMIN_URL).port || 5432)
    return { problem: null, pooled: rows[0].port !== null && Number(rows[0].port) !== named }
  } catch (error) {
    return { problem: error instanceof Error ? error.message || error.name : String(error), pooled: false }
  } finally {
    await client.end().catch(() => {})
  }
}

const probed = await probe()

/** Why PostgreSQL cannot be reached (`null` when it can), checked once per test file. */
export const postgresProblem: string | null = probed.problem

/**
 * Whether the tests reach PostgreSQL through a connection pooler (PgBouncer): the server's port
 * differs from the URL's. Its server connections stay open after a test's pools closed.
 */
export const postgresPooled: boolean = probed.pooled

/** Whether the PostgreSQL suites run: the server answers. */
export const postgresAvailable = postgresProblem === null

/**
 * `describe` for a suite that needs PostgreSQL. When the server is unreachable:
 * - with `CI` set, the suite fails with one test that says why (CI never skips it);
 * - otherwise it is skipped and a notice is printed.
 */
export function describePostgres(name: string, suite: () => void): void {
  if (postgresAvailable) return void describe(name, suite)
  const why = `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL.replace(/:[^:@/]*@/, ':***@')} (${postgresProblem})`
  if (process.env.CI && !/^(false|0)$/i.test(process.env.CI)) {
    describe(name, () => {
      it('needs PostgreSQL', () => {
        throw new Error(`${why}. CI must run the PostgreSQL suites: start it (see .ci/run) or set FROGBOT_TEST_POSTGRES_URL.`)
      })
    })
    return
  }
  console.warn(`notice: skipping "${name}": ${why}. Start PostgreSQL to run it (CI=true makes this a failure).`)
  describe.skip(name, suite)
}

/** A database created for one test file: `url` to connect to it, `drop()` when done. */
export type TestDatabase = { name: string; url: string; drop: () => Promise<void> }

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 })
  client.on('error', () => {})
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * Creates an empty database `frogbot_test_<random>` on the test server. `drop()` removes it once
 * the connections to it are gone, waiting up to 5 s for pools that are still closing; only then
 * are the rest (processes a test killed) cut off, which their pools would log as lost connections.
 * Behind a pooler the connections PostgreSQL sees are the pooler's, which clients never notice
 * losing between transactions: they are cut off at once.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `frogbot_test_${randomBytes(6).toString('hex')}`
  await admin((client) => client.query(`create database ${name}`))
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () =>
      admin(async (client) => {
        const deadline = postgresPooled ? 0 : Date.now() + 5000
        while (Date.now() < deadline) {
          const { rows } = await client.query('select count(*)::int as open from pg_stat_activity where datname = $1', [name])
          if (rows[0].open === 0) break
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        await client.query(`drop database if exists ${name} with (force)`)
      })
  }
}
