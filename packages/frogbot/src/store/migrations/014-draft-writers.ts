import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * Drafts are per person (docs/http/overview.md: the draft of a card): each person who may decide a
 * waiting call keeps a draft of their own on its card, keyed by the call and its `writer`
 * (`user:<id>`, or `anonymous` for every caller without a user, as a quorum counts them), so an
 * assignee or a fellow voter never reads or overwrites the owner's unsent Deny reason. A draft
 * kept before this migration was the chat owner's (only the owner could write it then, bar
 * assignees): it becomes theirs (`anonymous` in an owner-less chat). The drafts still go with their
 * call, by the trigger of migration 007, which deletes every writer's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ownerOf = sql`coalesce(
    (select 'user:' || c.owner_id from frogbot_chats c where c.id = d.chat_id and c.owner_id is not null),
    'anonymous'
  )`
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // SQLite cannot change a primary key: the table is made again, its rows copied.
    await sql`drop trigger if exists frogbot_call_drafts_settled`.execute(db)
    await sql`alter table frogbot_call_drafts rename to frogbot_call_drafts_007`.execute(db)
    await createDrafts(db, true)
    await sql`
      insert into frogbot_call_drafts (chat_id, tool_call_id, writer, draft, updated_at)
      select d.chat_id, d.tool_call_id, ${ownerOf}, d.draft, d.updated_at
      from frogbot_call_drafts_007 d`.execute(db)
    await db.schema.dropTable('frogbot_call_drafts_007').execute()
    await sqliteTrigger(db)
    return
  }
  await sql`alter table frogbot_call_drafts add column writer text not null default 'anonymous'`.execute(db)
  await sql`update frogbot_call_drafts d set writer = ${ownerOf}`.execute(db)
  await sql`alter table frogbot_call_drafts alter column writer drop default`.execute(db)
  await sql`alter table frogbot_call_drafts drop constraint frogbot_call_drafts_pk`.execute(db)
  await sql`
    alter table frogbot_call_drafts
    add constraint frogbot_call_drafts_pk primary key (chat_id, tool_call_id, writer)`.execute(db)
}

/** Back to one draft a call: the newest of each call's drafts is kept. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    delete from frogbot_call_drafts where exists (
      select 1 from frogbot_call_drafts n
      where n.chat_id = frogbot_call_drafts.chat_id and n.tool_call_id = frogbot_call_drafts.tool_call_id
        and (n.updated_at > frogbot_call_drafts.updated_at
          or (n.updated_at = frogbot_call_drafts.updated_at
            and n.writer > frogbot_call_drafts.writer)))`.execute(db)
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger if exists frogbot_call_drafts_settled`.execute(db)
    await sql`alter table frogbot_call_drafts rename to frogbot_call_drafts_014`.execute(db)
    await createDrafts(db, false)
    await sql`
      insert into frogbot_call_drafts (chat_id, tool_call_id, draft, updated_at)
      select chat_id, tool_call_id, draft, updated_at from frogbot_call_drafts_014`.execute(db)
    await db.schema.dropTable('frogbot_call_drafts_014').execute()
    await sqliteTrigger(db)
    return
  }
  await sql`alter table frogbot_call_drafts drop constraint frogbot_call_drafts_pk`.execute(db)
  await sql`alter table frogbot_call_drafts drop column writer`.execute(db)
  await sql`
    alter table frogbot_call_drafts
    add constraint frogbot_call_drafts_pk primary key (chat_id, tool_call_id)`.execute(db)
}

/** The drafts table on SQLite, with a `writer` column in its key or (migration 007's) without. */
async function createDrafts(db: Kysely<any>, withWriter: boolean): Promise<void> {
  const key = withWriter ? ['chat_id', 'tool_call_id', 'writer'] : ['chat_id', 'tool_call_id']
  let table = db.schema
    .createTable('frogbot_call_drafts')
    .addColumn('chat_id', 'text', (column) => column.notNull())
    .addColumn('tool_call_id', 'text', (column) => column.notNull())
  if (withWriter) table = table.addColumn('writer', 'text', (column) => column.notNull())
  await table
    .addColumn('draft', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('frogbot_call_drafts_pk', key as never)
    .addForeignKeyConstraint(
      'frogbot_call_drafts_call',
      ['chat_id', 'tool_call_id'],
      'frogbot_pending_calls',
      ['chat_id', 'tool_call_id'],
      (constraint) => constraint.onDelete('cascade')
    )
    .execute()
}

/** Migration 007's trigger on SQLite: a call that stops waiting takes its drafts with it. */
async function sqliteTrigger(db: Kysely<any>): Promise<void> {
  await sql`
    create trigger frogbot_call_drafts_settled after update of status on frogbot_pending_calls
    when new.status <> 'pending'
    begin
      delete from frogbot_call_drafts where chat_id = new.chat_id and tool_call_id = new.tool_call_id;
    end`.execute(db)
}
