import type { Kysely } from 'kysely'
import type { Database } from '../store/database-schema.ts'
import { migrateToLatest } from '../store/migrate.ts'
import { sqliteAdapter } from '../store/sqlite-adapter.ts'
import { loadConfig } from './load-config.ts'

/** Opens and migrates the database of the config at `configPath`, runs `work`, and closes it. */
export async function withDatabase<T>(configPath: string | undefined, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const config = await loadConfig(configPath)
  const db = (config.db ?? sqliteAdapter()).connect()
  try {
    await migrateToLatest(db)
    return await work(db)
  } finally {
    await db.destroy()
  }
}
