import { type Kysely, sql } from 'kysely'

/** Chats, messages with UI message parts as JSON, pending calls, queued messages, users and API tokens. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('frogbot_users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('frogbot_api_tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('frogbot_users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('prefix', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()

  await db.schema
    .createTable('frogbot_chats')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('agent_slug', 'text', (column) => column.notNull())
    .addColumn('owner_id', 'text')
    .addColumn('title', 'text')
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('channel', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('frogbot_chats_owner')
    .on('frogbot_chats')
    .columns(['agent_slug', 'owner_id', 'updated_at'])
    .execute()

  await db.schema
    .createTable('frogbot_messages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('chat_id', 'text', (column) => column.notNull().references('frogbot_chats.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('parts', 'text', (column) => column.notNull())
    .addColumn('metadata', 'text')
    .addColumn('settlements', 'text', (column) => column.notNull().defaultTo(sql`'[]'`))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('frogbot_messages_chat_position')
    .on('frogbot_messages')
    .columns(['chat_id', 'position'])
    .unique()
    .execute()

  await db.schema
    .createTable('frogbot_queued_messages')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('chat_id', 'text', (column) => column.notNull().references('frogbot_chats.id').onDelete('cascade'))
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('sender', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('frogbot_queued_messages_chat').on('frogbot_queued_messages').columns(['chat_id', 'created_at']).execute()

  await db.schema
    .createTable('frogbot_pending_calls')
    .addColumn('chat_id', 'text', (column) => column.notNull().references('frogbot_chats.id').onDelete('cascade'))
    .addColumn('tool_call_id', 'text', (column) => column.notNull())
    .addColumn('message_id', 'text', (column) => column.notNull())
    .addColumn('tool_name', 'text', (column) => column.notNull())
    .addColumn('agent_slug', 'text', (column) => column.notNull())
    .addColumn('input', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('tool_fingerprint', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('settled_at', 'text')
    .addPrimaryKeyConstraint('frogbot_pending_calls_pk', ['chat_id', 'tool_call_id'])
    .execute()
  await db.schema
    .createIndex('frogbot_pending_calls_status')
    .on('frogbot_pending_calls')
    .columns(['status', 'created_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['frogbot_queued_messages', 'frogbot_pending_calls', 'frogbot_messages', 'frogbot_chats', 'frogbot_api_tokens', 'frogbot_users']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
