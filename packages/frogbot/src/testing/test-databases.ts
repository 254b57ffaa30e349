import { join } from 'node:path'
import type { DatabaseAdapter } from '../store/database-adapter.ts'
import { postgresAdapter } from '../store/postgres-adapter.ts'
import { sqliteAdapter } from '../store/sqlite-adapter.ts'
import { describe } from 'vitest'
import { createTestDatabase, describePostgres } from './postgres.ts'
import { tempDir } from './temp-dir.ts'

/**
 * An empty database for one test, made by {@link describeEachDatabase}: `adapter()` connects to it
 * (call it once per FrogBot; several FrogBots on one database are several servers), `drop()`
 * deletes it. `kind` says which it is; `startsAtOnce`: whether several FrogBots of one process can
 * start on it at the same moment (not on SQLite, whose driver blocks the process while another
 * holds the file's migration lock: start them one after the other).
 */
export type FreshDatabase = { kind: 'sqlite' | 'postgres'; adapter: () => DatabaseAdapter; drop: () => Promise<void>; startsAtOnce: boolean }

/** A SQLite file in a folder of its own in the system's temporary folder. */
export async function sqliteTestDatabase(): Promise<FreshDatabase> {
  const folder = tempDir()
  const filename = join(folder.dir, 'frogbot.db')
  return { kind: 'sqlite', adapter: () => sqliteAdapter({ filename }), drop: async () => folder.remove(), startsAtOnce: false }
}

/** A throwaway PostgreSQL database on the test server (see `createTestDatabase`). */
export async function postgresTestDatabase(): Promise<FreshDatabase> {
  const database = await createTestDatabase()
  return { kind: 'postgres', adapter: () => postgresAdapter({ url: database.url }), drop: database.drop, startsAtOnce: true }
}

/**
 * Runs `suite` twice: on SQLite files (`describe(`${name}: SQLite`)`) and on PostgreSQL
 * (`describePostgres`: skipped with a notice when PostgreSQL is down, a failure with `CI=true`).
 * `suite` gets `fresh()`, which makes an empty database of that kind for one test.
 */
export function describeEachDatabase(name: string, suite: (fresh: () => Promise<FreshDatabase>) => void): void {
  describe(`${name}: SQLite`, () => suite(sqliteTestDatabase))
  describePostgres(`${name}: PostgreSQL`, () => suite(postgresTestDatabase))
}
