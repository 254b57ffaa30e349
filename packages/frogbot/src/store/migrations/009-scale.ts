import { type Kysely, sql } from 'kysely'

/**
 * What a million waiting chats need (docs "Run at scale"):
 * - `frogbot_pending_calls.claimed_until`: the expiry sweeper's claim on a call past its deadline,
 *   so that one process expires it while the others pass it over; a claim whose process died
 *   lapses at that time;
 * - `frogbot_pending_calls_due`: the calls that still wait and have a deadline, by deadline, so
 *   that the sweeper reads only those, however many calls wait without one;
 * - `frogbot_pending_calls.trace_parent`: the W3C `traceparent` of the turn that asked, written
 *   only while the app records traces, so that the wait's span links to it from whichever process
 *   settles the call.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('frogbot_pending_calls').addColumn('claimed_until', 'text').execute()
  await db.schema.alterTable('frogbot_pending_calls').addColumn('trace_parent', 'text').execute()
  await sql`create index frogbot_pending_calls_due on frogbot_pending_calls (expires_at) where status = 'pending' and expires_at is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('frogbot_pending_calls_due').execute()
  await db.schema.alterTable('frogbot_pending_calls').dropColumn('trace_parent').execute()
  await db.schema.alterTable('frogbot_pending_calls').dropColumn('claimed_until').execute()
}
