import { type Kysely, SqliteAdapter, sql } from 'kysely'
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration'
import * as initial from './migrations/001-initial.ts'
import * as auth from './migrations/002-auth.ts'
import * as turnControl from './migrations/003-turn-control.ts'
import * as engine from './migrations/004-engine.ts'
import * as channelState from './migrations/005-channel-state.ts'
import * as callKinds from './migrations/006-call-kinds.ts'
import * as callDrafts from './migrations/007-call-drafts.ts'
import * as scale from './migrations/009-scale.ts'
import * as assignees from './migrations/008-assignees.ts'
import * as notices from './migrations/011-notices.ts'
import * as protocolKeys from './migrations/012-protocol-keys.ts'
import * as inbox from './migrations/013-inbox.ts'
import * as draftWriters from './migrations/014-draft-writers.ts'
import type { Database } from './database-schema.ts'

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-auth': auth,
  '003-turn-control': turnControl,
  '004-engine': engine,
  '005-channel-state': channelState,
  '006-call-kinds': callKinds,
  '007-call-drafts': callDrafts,
  '009-scale': scale,
  '008-assignees': assignees,
  '011-notices': notices,
  '012-protocol-keys': protocolKeys,
  '013-inbox': inbox,
  '014-draft-writers': draftWriters
}

/** The key of the transaction-level advisory lock that serializes migrations on PostgreSQL. */
const MIGRATION_LOCK = 4_212_207_301

/**
 * Brings the database schema up to date. Safe to call from several processes at once: on
 * PostgreSQL the whole run is one transaction that first takes a transaction-level advisory lock
 * (`pg_advisory_xact_lock`), so it also holds behind PgBouncer in transaction mode, where a
 * session-level lock (Kysely's own, taken outside a transaction) could be left on a pooled server
 * connection; on SQLite, whose migrator takes none, the whole run holds the file's write lock
 * (`BEGIN IMMEDIATE`). A second process waits and then finds the schema current. Throws the
 * migration's error when one fails. Returns the names of the migrations applied by this call.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const run = async (executor: Kysely<Database>) => {
    const migrator = new Migrator({
      db: executor,
      provider: { getMigrations: async () => migrations },
      migrationTableName: 'frogbot_migrations',
      migrationLockTableName: 'frogbot_migrations_lock',
      // `008-assignees` came after `009-scale` was released: a database at 009 applies it next.
      allowUnorderedMigrations: true
    })
    const { error, results }: MigrationResultSet = await migrator.migrateToLatest()
    if (error) throw error
    return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
  }
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(trx)
      return run(trx)
    })
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection)
    try {
      const applied = await run(connection)
      await sql`commit`.execute(connection)
      return applied
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {})
      throw error
    }
  })
}
