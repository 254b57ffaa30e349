import { type Kysely, sql } from 'kysely'

/**
 * The inbox among a million waiting chats (`GET /api/pending`, docs/chat/reach-people.md):
 * `frogbot_pending_calls_inbox` holds the calls that still wait in the inbox's order (created,
 * then chat and call id; read backwards, newest first), so that a page of the inbox reads its
 * rows from the index and stops at the page's end. The older `frogbot_pending_calls_status`
 * (`status`, `created_at`) leaves the order's tie-breakers out, so PostgreSQL sorted every waiting
 * call to list 50 (about 1.4 s among a million, `bench/README.md`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index frogbot_pending_calls_inbox on frogbot_pending_calls (created_at, chat_id, tool_call_id) where status = 'pending'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('frogbot_pending_calls_inbox').execute()
}
