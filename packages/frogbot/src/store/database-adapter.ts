import type { Kysely } from 'kysely'
import type { Database } from './database-schema.ts'

/**
 * A database FrogBot can store chats in: `sqliteAdapter()` (the default) or `postgresAdapter()`.
 * - `describe`: one line for start-up logs, without secrets (e.g. `SQLite file ./frogbot.db`).
 * - `file`: the SQLite file's absolute path (absent for PostgreSQL and an in-memory SQLite).
 * - `connect`: opens the database; the caller closes it with `db.destroy()`.
 * - `transaction`: runs `work` in one write transaction (SQLite takes the write lock up front with
 *   `BEGIN IMMEDIATE`, so two processes never deadlock upgrading a read lock).
 */
export type DatabaseAdapter = {
  kind: 'sqlite' | 'postgres'
  describe: () => string
  file?: string
  connect: () => Kysely<Database>
  transaction: <T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>
}
