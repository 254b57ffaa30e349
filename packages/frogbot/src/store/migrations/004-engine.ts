import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * FrogBot's turn rules (docs/chat/turns.md): the waiting state is `awaiting`; calls of a step whose sibling was
 * dismissed are `cancelled` (the `closed` outcome is gone); a channel conversation keeps its whole
 * identity (piece, instance, account, thread: one chat per thread); a queued message is found by
 * its message id, so its sender can edit or delete it, and kept in the order it arrived (`position`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter
  await db.schema.alterTable('frogbot_chats').addColumn('channel_instance', 'text').execute()
  await db.schema.alterTable('frogbot_chats').addColumn('channel_account', 'text').execute()
  await db.schema.alterTable('frogbot_chats').addColumn('channel_thread', 'text').execute()
  await sql`update frogbot_chats set channel_instance = channel, channel_thread = id where channel is not null`.execute(db)
  await sql`update frogbot_chats set state = 'awaiting' where state = 'awaiting-input'`.execute(db)
  await db.schema.createIndex('frogbot_chats_channel_thread').on('frogbot_chats').columns(['channel_instance', 'channel_thread']).unique().execute()
  await db.schema.createIndex('frogbot_chats_owner_updated').on('frogbot_chats').columns(['owner_id', 'updated_at']).execute()

  await sql`update frogbot_pending_calls set status = 'cancelled' where status = 'closed'`.execute(db)
  await sql`update frogbot_messages set settlements = replace(settlements, '"outcome":"closed"', '"outcome":"cancelled"') where settlements like '%"outcome":"closed"%'`.execute(db)

  await db.schema.alterTable('frogbot_queued_messages').addColumn('message_id', 'text').execute()
  await db.schema.alterTable('frogbot_queued_messages').addColumn('position', 'integer', (column) => column.notNull().defaultTo(0)).execute()
  await (sqlite
    ? sql`update frogbot_queued_messages set message_id = json_extract(message, '$.id')`
    : sql`update frogbot_queued_messages set message_id = (message::json)->>'id'`
  ).execute(db)
  await db.schema.createIndex('frogbot_queued_messages_message').on('frogbot_queued_messages').columns(['chat_id', 'message_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('frogbot_queued_messages_message').execute()
  await db.schema.alterTable('frogbot_queued_messages').dropColumn('position').execute()
  await db.schema.alterTable('frogbot_queued_messages').dropColumn('message_id').execute()
  await sql`update frogbot_chats set state = 'awaiting-input' where state = 'awaiting'`.execute(db)
  await db.schema.dropIndex('frogbot_chats_owner_updated').execute()
  await db.schema.dropIndex('frogbot_chats_channel_thread').execute()
  for (const column of ['channel_thread', 'channel_account', 'channel_instance']) {
    await db.schema.alterTable('frogbot_chats').dropColumn(column).execute()
  }
}
