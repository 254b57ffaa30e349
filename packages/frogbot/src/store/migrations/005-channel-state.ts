import { type Kysely, SqliteAdapter } from 'kysely'

/**
 * Chat SDK state of channel pieces (`frogbot/channels` `channelState`), in FrogBot's own database so
 * that a restart or another process loses nothing: thread subscriptions, thread locks, a key-value
 * cache (dedupe keys, user lookups, question cards), lists and per-thread message queues. Every
 * row belongs to one piece instance (`scope`), so two instances on one workspace never share state.
 * Times are milliseconds since the epoch; a `null` expiry never expires.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  const serial = (table: ReturnType<typeof db.schema.createTable>) =>
    sqlite ? table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement()) : table.addColumn('id', 'bigserial', (column) => column.primaryKey())

  await db.schema
    .createTable('frogbot_channel_subscriptions')
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('thread_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('frogbot_channel_subscriptions_pk', ['scope', 'thread_id'])
    .execute()
  await db.schema
    .createTable('frogbot_channel_locks')
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('thread_id', 'text', (column) => column.notNull())
    .addColumn('token', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('frogbot_channel_locks_pk', ['scope', 'thread_id'])
    .execute()
  await db.schema
    .createTable('frogbot_channel_cache')
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint')
    .addPrimaryKeyConstraint('frogbot_channel_cache_pk', ['scope', 'key'])
    .execute()
  await db.schema.createIndex('frogbot_channel_cache_expiry').on('frogbot_channel_cache').column('expires_at').execute()
  await serial(db.schema.createTable('frogbot_channel_lists'))
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'bigint')
    .execute()
  await db.schema.createIndex('frogbot_channel_lists_key').on('frogbot_channel_lists').columns(['scope', 'key', 'id']).execute()
  await serial(db.schema.createTable('frogbot_channel_queues'))
    .addColumn('scope', 'text', (column) => column.notNull())
    .addColumn('thread_id', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('frogbot_channel_queues_thread').on('frogbot_channel_queues').columns(['scope', 'thread_id', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['frogbot_channel_queues', 'frogbot_channel_lists', 'frogbot_channel_cache', 'frogbot_channel_locks', 'frogbot_channel_subscriptions']) {
    await db.schema.dropTable(table).execute()
  }
}
