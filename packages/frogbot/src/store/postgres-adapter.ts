import type pg from 'pg'
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import { preparedName } from './precompiled.ts'

/**
 * Options of {@link postgresAdapter}.
 * - `url`: a `postgres://user:password@host:port/database` URL. Default `process.env.DATABASE_URL`
 *   when no `pool` is given.
 * - `pool`: instead of (or on top of) `url`, either `pg.Pool` settings (`max`, `ssl`, `host`, ...;
 *   default `max` 10, `connectionTimeoutMillis` 10 000) or a `pg.Pool` you own: FrogBot then
 *   borrows its connections and never ends it.
 * - `preparedStatements`: whether the queries of an answer's and a turn's hot path run as named
 *   prepared statements, parsed and planned once per connection. Default `true`, or what
 *   `FROGBOT_PREPARED_STATEMENTS` says (`true`/`false`) when no `preparedStatements` is given; set
 *   `false` behind a connection pooler that cannot keep them (PgBouncer before 1.21 in transaction
 *   mode, whose server connections change between transactions).
 */
export type PostgresAdapterOptions = { url?: string; pool?: pg.Pool | pg.PoolConfig; preparedStatements?: boolean }

/**
 * Stores chats in PostgreSQL, for several `frogbot serve` processes on one database. Tables and
 * migrations are the same as on SQLite. Transactions run at READ COMMITTED; writes to one chat
 * are serialized by locking the chat's row (`FOR UPDATE`), so the first answer wins across
 * processes. Throws an `Error` naming `DATABASE_URL` when neither `url` nor `pool` is given.
 *
 * PostgreSQL `text` cannot hold the NUL character: in values sent to the database it is replaced
 * by U+FFFD, so a NUL in a looked-up id finds nothing instead of failing the query.
 */
export function postgresAdapter({ url: given, pool, preparedStatements = preparedStatementsFromEnv() }: PostgresAdapterOptions = {}): DatabaseAdapter {
  const url = given ?? (pool ? undefined : process.env.DATABASE_URL)
  if (!url && !pool) {
    throw new Error('postgresAdapter: set DATABASE_URL (postgres://user:password@host:5432/database) or pass { url } or { pool }')
  }
  if (url && !/^postgres(ql)?:\/\/[^/]/.test(url)) {
    // The value is not echoed: a malformed URL may still hold a password.
    throw new Error('postgresAdapter: the database URL (DATABASE_URL or { url }) must look like postgres://user:password@host:5432/database')
  }
  // Checked by shape: the app's `pg` may be another copy than ours.
  const borrowed = typeof (pool as pg.Pool | undefined)?.connect === 'function' ? (pool as pg.Pool) : null
  const settings = borrowed ? undefined : (pool as pg.PoolConfig | undefined)
  return {
    kind: 'postgres',
    describe: () => `PostgreSQL ${borrowed ? 'through the given pg.Pool' : describeTarget(url, settings)}${preparedStatements ? '' : ' without prepared statements'}`,
    connect: () => {
      // `pg` is loaded on the first query, so apps on SQLite never load it.
      const dialectPool = async () =>
        borrowed
          ? nulSafePool(borrowed, { owned: false, preparedStatements })
          : nulSafePool(await newPool({ connectionTimeoutMillis: 10_000, ...settings, ...(url ? { connectionString: url } : {}) }), { owned: true, preparedStatements })
      return new Kysely<Database>({ dialect: new PostgresDialect({ pool: dialectPool }) })
    },
    transaction: (db, work) => db.transaction().execute(work)
  }
}

/** `FROGBOT_PREPARED_STATEMENTS` as a boolean (default `true`); throws naming it when it is neither `true` nor `false`. */
function preparedStatementsFromEnv(value = process.env.FROGBOT_PREPARED_STATEMENTS): boolean {
  if (value === undefined || value === '') return true
  if (/^(true|1|on|yes)$/i.test(value)) return true
  if (/^(false|0|off|no)$/i.test(value)) return false
  throw new Error(`postgresAdapter: FROGBOT_PREPARED_STATEMENTS must be true or false, not ${JSON.stringify(value)}`)
}

async function newPool(config: pg.PoolConfig): Promise<pg.Pool> {
  const { default: postgres } = await import('pg')
  const created = new postgres.Pool(config)
  // An idle connection that breaks (server restart, network) must not crash the process; the next
  // query opens a new one.
  created.on('error', (error) => console.error(`frogbot: PostgreSQL connection lost: ${error.message}`))
  return created
}

/** `host:port/database (user name)` without the password or query parameters. */
function describeTarget(url: string | undefined, pool: pg.PoolConfig | undefined): string {
  if (url) {
    try {
      const parsed = new URL(url)
      const user = parsed.username ? ` (user ${decodeURIComponent(parsed.username)})` : ''
      return `${parsed.host || 'localhost'}${parsed.pathname}${user}`
    } catch {
      return '(connection string)'
    }
  }
  const user = pool?.user ? ` (user ${pool.user})` : ''
  return `${pool?.host ?? 'localhost'}:${pool?.port ?? 5432}/${pool?.database ?? ''}${user}`
}

const withoutNul = (value: unknown) => (typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value)

/**
 * The pool Kysely sees: each client's `query` replaces NUL in string parameters, and runs a
 * precompiled query as a named prepared statement (`pg` parses it once per connection). One
 * wrapper per client, so Kysely recognises a client it has seen before.
 */
function nulSafePool(pool: pg.Pool, { owned, preparedStatements }: { owned: boolean; preparedStatements: boolean }): PostgresPool {
  const run = (client: pg.PoolClient, text: string, parameters: ReadonlyArray<unknown>) => {
    const values = parameters.map(withoutNul)
    const name = preparedStatements ? preparedName(text) : undefined
    return name ? client.query({ name, text, values }) : client.query(text, values)
  }
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>()
  return {
    options: pool.options,
    connect: async () => {
      const client = await pool.connect()
      let wrapper = wrappers.get(client)
      if (!wrapper) {
        wrapper = {
          query: ((text: unknown, parameters?: ReadonlyArray<unknown>) =>
            Array.isArray(parameters) ? run(client, text as string, parameters) : client.query(text as never)) as unknown as PostgresPoolClient['query'],
          release: (destroy?: boolean) => client.release(destroy)
        }
        wrappers.set(client, wrapper)
      }
      return wrapper
    },
    end: () => (owned ? pool.end() : Promise.resolve())
  }
}
