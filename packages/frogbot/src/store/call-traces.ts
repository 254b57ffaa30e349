import type { Kysely } from 'kysely'
import type { Database } from './database-schema.ts'

/** What a wait's span needs of a call: its tool, when it was asked, its input, and the `traceparent` of the turn that asked (if recorded). */
export type CallTrace = { toolCallId: string; toolName: string; createdAt: string; input: unknown; traceParent: string | null }

/** Records `traceParent` on calls `toolCallIds` of `chatId` (the turn that asked them). */
export async function saveTraceParent(db: Kysely<Database>, { chatId, toolCallIds, traceParent }: { chatId: string; toolCallIds: string[]; traceParent: string }): Promise<void> {
  if (toolCallIds.length === 0) return
  await db.updateTable('frogbot_pending_calls').set({ trace_parent: traceParent }).where('chat_id', '=', chatId).where('tool_call_id', 'in', toolCallIds).execute()
}

/** The {@link CallTrace} of each of calls `toolCallIds` of `chatId` that exists. */
export async function callTraces(db: Kysely<Database>, { chatId, toolCallIds }: { chatId: string; toolCallIds: string[] }): Promise<CallTrace[]> {
  if (toolCallIds.length === 0) return []
  const rows = await db
    .selectFrom('frogbot_pending_calls')
    .select(['tool_call_id', 'tool_name', 'created_at', 'input', 'trace_parent'])
    .where('chat_id', '=', chatId)
    .where('tool_call_id', 'in', toolCallIds)
    .execute()
  return rows.map((row) => ({ toolCallId: row.tool_call_id, toolName: row.tool_name, createdAt: row.created_at, input: JSON.parse(row.input), traceParent: row.trace_parent ?? null }))
}

/** How many calls wait for an answer across every chat (the `frogbot.calls.waiting` gauge). */
export async function countWaitingCalls(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('frogbot_pending_calls').select((eb) => eb.fn.countAll().as('count')).where('status', '=', 'pending').executeTakeFirst()
  return Number(row?.count ?? 0)
}
