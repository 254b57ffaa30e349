import { loadConfig } from './load-config.ts'
import { migrateToLatest } from '../store/migrate.ts'
import { sqliteAdapter } from '../store/sqlite-adapter.ts'

/** `frogbot migrate`: applies pending migrations and says which. */
export async function migrateCommand(options: { config?: string }): Promise<number> {
  const config = await loadConfig(options.config)
  const adapter = config.db ?? sqliteAdapter()
  const db = adapter.connect()
  try {
    const applied = await migrateToLatest(db)
    console.log(applied.length > 0 ? `Applied ${applied.join(', ')} to ${adapter.describe()}.` : `${adapter.describe()} is up to date.`)
    return 0
  } finally {
    await db.destroy()
  }
}
