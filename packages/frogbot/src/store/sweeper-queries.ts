import { type Kysely, sql } from 'kysely'
import type { DatabaseAdapter } from './database-adapter.ts'
import { COLUMNS, type Database } from './database-schema.ts'
import { type CallRecord, toCallRecord } from './chat-records.ts'

/**
 * Claims up to `limit` calls still pending whose deadline (`expires_at`) is at or before `now`,
 * earliest deadline first, for this process's expiry sweeper until `claimUntil`, and returns them.
 * A call another process claimed until later than `now` is passed over, so each due call is taken
 * by one sweeper; a claim whose process died lapses at its `claimUntil`. One short statement:
 * on PostgreSQL the due rows are locked `FOR UPDATE SKIP LOCKED` (a row another sweeper is
 * claiming is skipped, not waited for); on SQLite the statement holds the file's write lock.
 * Reads the partial index `frogbot_pending_calls_due` only, however many calls wait without a deadline.
 */
export async function claimExpiredCalls(db: Kysely<Database>, adapter: Pick<DatabaseAdapter, 'kind'>, { now, claimUntil, limit = 100 }: { now: string; claimUntil: string; limit?: number }): Promise<CallRecord[]> {
  let due = db
    .selectFrom('frogbot_pending_calls')
    .select(['chat_id', 'tool_call_id'])
    // A literal, as in the partial index's predicate: a generic plan could not use it for a parameter.
    .where('status', '=', sql.lit('pending'))
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('expires_at')
    .limit(limit)
  if (adapter.kind === 'postgres') due = due.forUpdate().skipLocked()
  const rows = await db
    .updateTable('frogbot_pending_calls')
    .set({ claimed_until: claimUntil })
    .where((eb) => eb(eb.refTuple('chat_id', 'tool_call_id'), 'in', due as never))
    .where('status', '=', 'pending')
    .returning(COLUMNS.frogbot_pending_calls)
    .execute()
  return rows.map(toCallRecord).sort((a, b) => String(a.expiresAt).localeCompare(String(b.expiresAt)))
}

/** Chats with queued messages whose turn is not live (idle, or `running` past its lease), read from the queue's side: at most `limit`. */
export async function stalledQueues(db: Kysely<Database>, { now, limit = 100 }: { now: string; limit?: number }): Promise<string[]> {
  const rows = await db
    .selectFrom('frogbot_chats as c')
    .select('c.id')
    .where('c.id', 'in', (eb) => eb.selectFrom('frogbot_queued_messages').select('chat_id'))
    .where((eb) => eb.or([eb('c.state', '=', 'idle'), eb.and([eb('c.state', '=', 'running'), eb('c.lease_until', '<', now)])]))
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

