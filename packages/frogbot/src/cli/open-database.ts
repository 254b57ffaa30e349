import type { Kysely } from 'kysely'
import type { Database } from '../store/database-schema.ts'
import { migrateToLatest } from '../store/migrate.ts'
import { sqliteAdapter } from '../store/sqlite-adapter.ts'
import type { FrogbotConfig } from '../config/build-config.ts'
import { loadConfig } from './load-config.ts'

/**
 * Opens and migrates the database of the config at `configPath`, runs `work` with it, a one-line
 * description of it (e.g. `SQLite file /app/frogbot.db`) and the config, and closes it.
 */
export async function withDatabase<T>(configPath: string | undefined, work: (db: Kysely<Database>, database: string, config: FrogbotConfig) => Promise<T>): Promise<T> {
  const config = await loadConfig(configPath)
  const adapter = config.db ?? sqliteAdapter()
  const db = adapter.connect()
  try {
    await migrateToLatest(db)
    return await work(db, adapter.describe(), config)
  } finally {
    await db.destroy()
  }
}
