/**
 * The end of a turn on SQLite as one statement: an `INSERT` into the connection's temporary view
 * `frogbot_end_turn`, whose `INSTEAD OF` trigger checks the turn's lease, moves the chat to `idle`
 * and writes the turn's message. SQLite has no statement that writes two tables but through a
 * trigger; a statement is atomic and, outside a transaction, its own commit, so the chat and its
 * message still change together or not at all (crash safety as with `BEGIN` … `COMMIT`), in one
 * statement instead of four. The statement takes the write lock before it reads (as
 * `BEGIN IMMEDIATE`), so the lease it checks is the one it releases. When the lease is lost the
 * trigger raises {@link LEASE_LOST} and nothing is written.
 */

/** The message a trigger raises when the turn no longer holds the chat's lease. */
export const LEASE_LOST = 'frogbot: the lease was lost'

/**
 * The view and its trigger, created in the `temp` schema of each connection (`sqliteAdapter`'s
 * `connect`): nothing in the database file changes, so no migration. The view's columns are the
 * statement's parameters; a row whose `id` is `NULL` ends the turn without a message.
 */
export const SQLITE_END_TURN_DDL = `
create temp view if not exists frogbot_end_turn as
  select null as chat_id, null as lease_owner, null as now, null as id, null as position, null as role, null as parts, null as metadata, null as settlements;
create temp trigger if not exists frogbot_end_turn instead of insert on frogbot_end_turn begin
  select raise(abort, '${LEASE_LOST}')
    where not exists (select 1 from main.frogbot_chats where id = new.chat_id and state = 'running' and lease_owner = new.lease_owner);
  update main.frogbot_chats
    set state = 'idle', lease_owner = null, lease_until = null, stop_requested_at = null, updated_at = new.now, version = version + 1
    where id = new.chat_id;
  insert into main.frogbot_messages (id, chat_id, position, role, parts, metadata, settlements, version, created_at, updated_at)
    select new.id, new.chat_id, new.position, new.role, new.parts, new.metadata, new.settlements, 0, new.now, new.now where new.id is not null
    on conflict (id) do update set parts = excluded.parts, metadata = excluded.metadata, settlements = excluded.settlements, updated_at = excluded.updated_at, version = frogbot_messages.version + 1
    where frogbot_messages.chat_id = excluded.chat_id;
end;
`

/** Whether `error` is the trigger's refusal for a lost lease. */
export const isLeaseLost = (error: unknown): boolean => error instanceof Error && error.message.includes(LEASE_LOST)
