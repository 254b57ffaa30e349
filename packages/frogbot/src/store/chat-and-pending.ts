import type { Kysely } from 'kysely'
import { COLUMNS, type Database } from './database-schema.ts'
import { type ChatRecord, toChatRecord } from './chat-records.ts'

/** A chat with the ids of its calls still waiting, read together (see {@link readChatAndPendingIds}). */
export type ChatAndPendingIds = { chat: ChatRecord; pendingCallIds: string[] }

const chatColumns = COLUMNS.frogbot_chats.map((column) => `frogbot_chats.${column}` as const)

/**
 * Reads a chat and the ids of its pending calls in one statement, so both show the same moment on
 * SQLite and PostgreSQL alike (two reads could straddle another process's write); `null` when the
 * chat does not exist. Stop reads with it what it was sent for (docs/chat/turns.md).
 */
export async function readChatAndPendingIds(
  db: Kysely<Database>,
  chatId: string
): Promise<ChatAndPendingIds | null> {
  const rows = await db
    .selectFrom('frogbot_chats')
    .leftJoin('frogbot_pending_calls', (join) =>
      join
        .onRef('frogbot_pending_calls.chat_id', '=', 'frogbot_chats.id')
        .on('frogbot_pending_calls.status', '=', 'pending')
    )
    .select([...chatColumns, 'frogbot_pending_calls.tool_call_id as pending_call_id'])
    .where('frogbot_chats.id', '=', chatId)
    .execute()
  if (rows.length === 0) return null
  const pendingCallIds = rows.flatMap((row) => (row.pending_call_id === null ? [] : [row.pending_call_id]))
  return { chat: toChatRecord(rows[0]), pendingCallIds }
}
