import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import { nodeSqliteDatabase } from './node-sqlite-database.ts'
import { SQLITE_END_TURN_DDL } from './sqlite-end-turn.ts'

const BEGIN = CompiledQuery.raw('begin immediate')
const COMMIT = CompiledQuery.raw('commit')
const ROLLBACK = CompiledQuery.raw('rollback')

/**
 * Options of {@link sqliteAdapter}.
 * - `filename`: the database file, relative to the current folder. Default `./frogbot.db`.
 *   `':memory:'` keeps everything in memory (tests only: nothing survives a restart).
 * - `busyTimeoutMs`: how long a write waits for another process's lock. Default 5000.
 */
export type SqliteAdapterOptions = { filename?: string; busyTimeoutMs?: number }

/**
 * Stores chats in one SQLite file through `node:sqlite` (no native build). WAL mode with
 * `synchronous=NORMAL`: a committed answer survives a process crash (only a power loss can lose the last commits).
 */
export function sqliteAdapter({ filename = './frogbot.db', busyTimeoutMs = 5000 }: SqliteAdapterOptions = {}): DatabaseAdapter {
  const path = filename === ':memory:' ? filename : resolve(filename)
  return {
    kind: 'sqlite',
    describe: () => (path === ':memory:' ? 'SQLite in memory' : `SQLite file ${path}`),
    ...(path === ':memory:' ? {} : { file: path }),
    connect: () => {
      if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
      const raw = new DatabaseSync(path)
      raw.exec(`PRAGMA busy_timeout=${Math.max(0, Math.floor(busyTimeoutMs))}`)
      raw.exec('PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;')
      raw.exec(SQLITE_END_TURN_DDL)
      return new Kysely<Database>({ dialect: new SqliteDialect({ database: nodeSqliteDatabase(raw) }) })
    },
    transaction: (db, work) =>
      db.connection().execute(async (connection) => {
        await connection.executeQuery(BEGIN)
        try {
          const result = await work(connection)
          await connection.executeQuery(COMMIT)
          return result
        } catch (error) {
          await connection.executeQuery(ROLLBACK).catch(() => {})
          throw error
        }
      })
  }
}
