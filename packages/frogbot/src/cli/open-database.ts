import type { Kysely } from 'kysely'
import { type Auth, createAuth } from '../auth/create-auth.ts'
import { randomId } from '../ids/random-id.ts'
import type { Database } from '../store/database-schema.ts'
import type { DatabaseAdapter } from '../store/database-adapter.ts'
import { migrateToLatest } from '../store/migrate.ts'
import { sqliteAdapter } from '../store/sqlite-adapter.ts'
import type { FrogbotConfig } from '../config/build-config.ts'
import { type DatabasePlace, databasePlace } from './database-place.ts'
import { loadConfig } from './load-config.ts'

/**
 * Opens and migrates the database of the config at `configPath`, runs `work` with it, a one-line
 * description of it (e.g. `SQLite file /app/frogbot.db`), the config, its adapter and where it is
 * (whether this command created the SQLite file; see {@link DatabasePlace}), and closes it.
 */
export async function withDatabase<T>(
  configPath: string | undefined,
  work: (db: Kysely<Database>, database: string, config: FrogbotConfig, adapter: DatabaseAdapter, place: DatabasePlace) => Promise<T>
): Promise<T> {
  const config = await loadConfig(configPath)
  const adapter = config.db ?? sqliteAdapter()
  const place = databasePlace(adapter, { configPath })
  const db = adapter.connect()
  try {
    await migrateToLatest(db)
    return await work(db, adapter.describe(), config, adapter, place)
  } finally {
    await db.destroy()
  }
}

/**
 * Runs `work` with the sign-in service (`createAuth`, with the config's `auth` options) over the
 * database of the config at `configPath`, a one-line description of that database and where it is; see
 * {@link withDatabase}. The CLI's `users` and `tokens` commands work through it, never on the database.
 */
export function withAuth<T>(configPath: string | undefined, work: (auth: Auth, database: string, place: DatabasePlace) => Promise<T>): Promise<T> {
  return withDatabase(configPath, (db, database, config, adapter, place) => work(createAuth({ db, adapter, options: config.auth ?? {}, newId: randomId }), database, place))
}
