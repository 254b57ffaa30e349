import type { Kysely } from 'kysely'
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration'
import * as initial from './migrations/001-initial.ts'
import * as auth from './migrations/002-auth.ts'
import * as turnControl from './migrations/003-turn-control.ts'
import type { Database } from './database-schema.ts'

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-auth': auth,
  '003-turn-control': turnControl
}

/**
 * Brings the database schema up to date. Safe to call from several processes at once: Kysely's
 * migrator takes a lock table while it runs. Throws the migration's error when one fails.
 * Returns the names of the migrations applied by this call.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'frogbot_migrations',
    migrationLockTableName: 'frogbot_migrations_lock'
  })
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest()
  if (error) throw error
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}
