import type { Kysely } from 'kysely'
import { COLUMNS, type Database } from './database-schema.ts'
import { type CallRecord, type QueuedRecord, type StoredMessage, toCallRecord, toQueuedRecord, toStoredMessage } from './chat-records.ts'
import { precompiled } from './precompiled.ts'
import { parsedMessages } from './parsed-messages.ts'

const query = {
  /** A transcript: only the columns a message is made from, and its version. */
  messages: precompiled((db, chatId: string) =>
    db.selectFrom('frogbot_messages').select(['id', 'role', 'parts', 'metadata', 'settlements', 'version']).where('chat_id', '=', chatId).orderBy('position')
  ),
  message: precompiled((db, chatId: string, messageId: string) => db.selectFrom('frogbot_messages').select(COLUMNS.frogbot_messages).where('chat_id', '=', chatId).where('id', '=', messageId)),
  pendingCalls: precompiled((db, chatId: string) =>
    db.selectFrom('frogbot_pending_calls').select(COLUMNS.frogbot_pending_calls).where('chat_id', '=', chatId).where('status', '=', 'pending').orderBy('created_at').orderBy('tool_call_id')
  ),
  calls: precompiled((db, chatId: string, toolCallIds: string[]) => db.selectFrom('frogbot_pending_calls').select(COLUMNS.frogbot_pending_calls).where('chat_id', '=', chatId).where('tool_call_id', 'in', toolCallIds)),
  queued: precompiled((db, chatId: string) => db.selectFrom('frogbot_queued_messages').select(COLUMNS.frogbot_queued_messages).where('chat_id', '=', chatId).orderBy('position').orderBy('created_at').orderBy('id'))
}

/**
 * The reads of one chat, on the database or inside a transaction (`executor`): the same queries
 * serve `ChatStore` and `ChatTransaction`.
 */
export const chatReads = {
  async messages(executor: Kysely<Database>, chatId: string): Promise<StoredMessage[]> {
    return parsedMessages((await query.messages(executor, chatId)).rows)
  },
  async message(executor: Kysely<Database>, chatId: string, messageId: string): Promise<StoredMessage | null> {
    const [row] = (await query.message(executor, chatId, messageId)).rows
    return row ? toStoredMessage(row) : null
  },
  /** Calls still waiting, oldest first. */
  async pendingCalls(executor: Kysely<Database>, chatId: string): Promise<CallRecord[]> {
    return (await query.pendingCalls(executor, chatId)).rows.map(toCallRecord)
  },
  /** These calls, whatever their status. */
  async calls(executor: Kysely<Database>, chatId: string, toolCallIds: string[]): Promise<CallRecord[]> {
    if (toolCallIds.length === 0) return []
    return (await query.calls(executor, chatId, toolCallIds)).rows.map(toCallRecord)
  },
  /** Queued messages, oldest first. */
  async queued(executor: Kysely<Database>, chatId: string): Promise<QueuedRecord[]> {
    return (await query.queued(executor, chatId)).rows.map(toQueuedRecord)
  }
}
