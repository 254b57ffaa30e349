import { type Kysely, sql } from 'kysely'
import type { Database } from '../store/database-schema.ts'

/** A chat that waits for one answer: its id and its pending call's id. */
export type WaitingChatIds = { chatId: string; toolCallId: string }

/**
 * Copies a waiting chat `template` (its chat row, messages and pending calls, as FrogBot stored
 * them) as the chats `<chatId>_<n>` for `n` in `from`…`to`, in PostgreSQL statements of `batch`
 * chats each (`generate_series`), renaming every id inside them: messages `<id>_<n>`, calls
 * `<toolCallId>_<n>` (also inside the stored parts), so that each copy can be answered and
 * continued like the original. For benchmarks and plan checks with a million waiting chats, which
 * a million asks through the model would take hours to make. `onBatch` is told how many are made.
 */
export async function bulkWaitingChats(db: Kysely<Database>, { template, from, to, batch = 100_000, onBatch }: { template: WaitingChatIds; from: number; to: number; batch?: number; onBatch?: (made: number) => void }): Promise<void> {
  const { chatId, toolCallId } = template
  for (let start = from; start <= to; start += batch) {
    const end = Math.min(to, start + batch - 1)
    await db.transaction().execute(async (trx) => {
      const series = sql`generate_series(${start}::int, ${end}::int) as g`
      await sql`insert into frogbot_chats (id, agent_slug, owner_id, title, state, channel, channel_instance, channel_account, channel_thread, lease_owner, lease_until, stop_requested_at, version, created_at, updated_at)
        select c.id || '_' || g, c.agent_slug, c.owner_id, c.title, c.state, c.channel, c.channel_instance, c.channel_account, case when c.channel_thread is null then null else c.channel_thread || '_' || g end,
          c.lease_owner, c.lease_until, c.stop_requested_at, c.version, c.created_at, c.updated_at
        from frogbot_chats c, ${series} where c.id = ${chatId}`.execute(trx)
      await sql`insert into frogbot_messages (id, chat_id, position, role, parts, metadata, settlements, version, created_at, updated_at)
        select m.id || '_' || g, m.chat_id || '_' || g, m.position, m.role, replace(m.parts, ${toolCallId}, ${toolCallId} || '_' || g), m.metadata, m.settlements, m.version, m.created_at, m.updated_at
        from frogbot_messages m, ${series} where m.chat_id = ${chatId}`.execute(trx)
      await sql`insert into frogbot_pending_calls (chat_id, tool_call_id, message_id, tool_name, agent_slug, input, status, tool_fingerprint, created_at, expires_at, settled_at)
        select p.chat_id || '_' || g, p.tool_call_id || '_' || g, p.message_id || '_' || g, p.tool_name, p.agent_slug, p.input, p.status, p.tool_fingerprint, p.created_at, p.expires_at, p.settled_at
        from frogbot_pending_calls p, ${series} where p.chat_id = ${chatId}`.execute(trx)
    })
    onBatch?.(end - from + 1)
  }
}

/** The ids of copy `n` of `template` (see {@link bulkWaitingChats}). */
export const copyOf = (template: WaitingChatIds, n: number): WaitingChatIds => ({ chatId: `${template.chatId}_${n}`, toolCallId: `${template.toolCallId}_${n}` })
