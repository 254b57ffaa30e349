import type { Kysely } from 'kysely'

/**
 * Sign-in: sessions (the cookie's value is stored only as a SHA-256 hash) and login attempts (the
 * sign-in rate limit, kept in the database so it holds across server processes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('frogbot_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('frogbot_users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('frogbot_sessions_user').on('frogbot_sessions').column('user_id').execute()
  await db.schema.createIndex('frogbot_sessions_expires').on('frogbot_sessions').column('expires_at').execute()

  await db.schema
    .createTable('frogbot_login_attempts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('attempted_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('frogbot_login_attempts_key').on('frogbot_login_attempts').columns(['key', 'attempted_at']).execute()
  await db.schema.createIndex('frogbot_login_attempts_at').on('frogbot_login_attempts').column('attempted_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('frogbot_login_attempts').ifExists().execute()
  await db.schema.dropTable('frogbot_sessions').ifExists().execute()
}
