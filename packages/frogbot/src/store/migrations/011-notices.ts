import { type Kysely, sql } from 'kysely'

/**
 * Notices of waiting calls (docs/chat/reach-people.md):
 * - on `frogbot_pending_calls`: `notice_at`, when the first notice went out (set once, by the
 *   process that sends it); `notice_due_at`, when the next reminder or the escalation is due;
 *   `reminders_sent`, how many reminders went out; `escalated_at` and `escalated_to` (JSON
 *   `string[]`), once the call was escalated. The sweeper claims each reminder by advancing
 *   `reminders_sent` and `notice_due_at` in one compare-and-set, so it goes out once;
 * - `frogbot_pending_calls_notices_due`: the calls that still wait with a notice due, by due time;
 * - `frogbot_answer_links`: one row per answer link, keyed by the SHA-256 of its token (the token
 *   itself is never stored), bound to one call and one recipient; `choice` is the JSON of the
 *   answer it gives (`null` for a link to the answer page); `used_at` once it was used; by
 *   `expires_at` too, so the sweeper deletes links past their time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('frogbot_pending_calls').addColumn('notice_at', 'text').execute()
  await db.schema.alterTable('frogbot_pending_calls').addColumn('notice_due_at', 'text').execute()
  await db.schema.alterTable('frogbot_pending_calls').addColumn('reminders_sent', 'integer', (column) => column.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('frogbot_pending_calls').addColumn('escalated_at', 'text').execute()
  await db.schema.alterTable('frogbot_pending_calls').addColumn('escalated_to', 'text').execute()
  await sql`create index frogbot_pending_calls_notices_due on frogbot_pending_calls (notice_due_at) where status = 'pending' and notice_due_at is not null`.execute(db)
  await db.schema
    .createTable('frogbot_answer_links')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('chat_id', 'text', (column) => column.notNull())
    .addColumn('tool_call_id', 'text', (column) => column.notNull())
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('label', 'text', (column) => column.notNull())
    .addColumn('choice', 'text')
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('frogbot_answer_links_call').on('frogbot_answer_links').columns(['chat_id', 'tool_call_id']).execute()
  await db.schema.createIndex('frogbot_answer_links_expiry').on('frogbot_answer_links').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('frogbot_answer_links').execute()
  await db.schema.dropIndex('frogbot_pending_calls_notices_due').execute()
  for (const column of ['escalated_to', 'escalated_at', 'reminders_sent', 'notice_due_at', 'notice_at']) await db.schema.alterTable('frogbot_pending_calls').dropColumn(column).execute()
}
