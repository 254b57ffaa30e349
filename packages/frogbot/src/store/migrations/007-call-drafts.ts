import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * Drafts of cards (docs/http/overview.md: the draft of a card): what a person has put on the card of a waiting call
 * so far, one row per call, kept with it. A draft goes with its call: deleted with it (a deleted
 * chat, an edit that removes later messages), and deleted when the call stops waiting, however it
 * settles (answered, dismissed, cancelled, expired, stopped, closed by a branch), in the statement
 * that settles it, by a trigger, so no settle path can leave one behind.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('frogbot_call_drafts')
    .addColumn('chat_id', 'text', (column) => column.notNull())
    .addColumn('tool_call_id', 'text', (column) => column.notNull())
    .addColumn('draft', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('frogbot_call_drafts_pk', ['chat_id', 'tool_call_id'])
    .addForeignKeyConstraint('frogbot_call_drafts_call', ['chat_id', 'tool_call_id'], 'frogbot_pending_calls', ['chat_id', 'tool_call_id'], (constraint) => constraint.onDelete('cascade'))
    .execute()
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`
      create trigger frogbot_call_drafts_settled after update of status on frogbot_pending_calls
      when new.status <> 'pending'
      begin
        delete from frogbot_call_drafts where chat_id = new.chat_id and tool_call_id = new.tool_call_id;
      end`.execute(db)
    return
  }
  await sql`
    create function frogbot_clear_call_draft() returns trigger language plpgsql as $$
    begin
      delete from frogbot_call_drafts where chat_id = new.chat_id and tool_call_id = new.tool_call_id;
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger frogbot_call_drafts_settled after update of status on frogbot_pending_calls
    for each row when (new.status <> 'pending') execute function frogbot_clear_call_draft()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger if exists frogbot_call_drafts_settled`.execute(db)
  } else {
    await sql`drop trigger if exists frogbot_call_drafts_settled on frogbot_pending_calls`.execute(db)
    await sql`drop function if exists frogbot_clear_call_draft()`.execute(db)
  }
  await db.schema.dropTable('frogbot_call_drafts').execute()
}
