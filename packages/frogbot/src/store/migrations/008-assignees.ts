import type { Kysely } from 'kysely'

/**
 * Who is asked (docs/chat/reach-people.md, "Who is asked"):
 * - `frogbot_pending_calls.assignees`: JSON `string[]` of user ids and lower-cased emails, resolved
 *   when the call started waiting, `null` when nobody was named (every call stored before);
 * - `frogbot_call_assignees`: one row a call and assignee, so that the calls waiting for a person
 *   are found by index (the inbox, and whether they may read a chat); it goes with its call.
 * Applied after `009-scale` on a database that already had it (the migrator allows that order).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('frogbot_pending_calls').addColumn('assignees', 'text').execute()
  await db.schema
    .createTable('frogbot_call_assignees')
    .addColumn('chat_id', 'text', (column) => column.notNull())
    .addColumn('tool_call_id', 'text', (column) => column.notNull())
    .addColumn('assignee', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('frogbot_call_assignees_pk', ['assignee', 'chat_id', 'tool_call_id'])
    .addForeignKeyConstraint('frogbot_call_assignees_call', ['chat_id', 'tool_call_id'], 'frogbot_pending_calls', ['chat_id', 'tool_call_id'], (constraint) => constraint.onDelete('cascade'))
    .execute()
  await db.schema.createIndex('frogbot_call_assignees_by_call').on('frogbot_call_assignees').columns(['chat_id', 'tool_call_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('frogbot_call_assignees').execute()
  await db.schema.alterTable('frogbot_pending_calls').dropColumn('assignees').execute()
}
