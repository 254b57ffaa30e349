import type { Kysely } from 'kysely'
import type { Database } from './database-schema.ts'
import { type CallRecord, type QueuedRecord, type StoredMessage, toCallRecord, toQueuedRecord, toStoredMessage } from './chat-records.ts'

/**
 * The reads of one chat, on the database or inside a transaction (`executor`): the same queries
 * serve `ChatStore` and `ChatTransaction`.
 */
export const chatReads = {
  async messages(executor: Kysely<Database>, chatId: string): Promise<StoredMessage[]> {
    const rows = await executor.selectFrom('frogbot_messages').selectAll().where('chat_id', '=', chatId).orderBy('position').execute()
    return rows.map(toStoredMessage)
  },
  async message(executor: Kysely<Database>, chatId: string, messageId: string): Promise<StoredMessage | null> {
    const row = await executor.selectFrom('frogbot_messages').selectAll().where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst()
    return row ? toStoredMessage(row) : null
  },
  /** Calls still waiting, oldest first. */
  async pendingCalls(executor: Kysely<Database>, chatId: string): Promise<CallRecord[]> {
    const rows = await executor
      .selectFrom('frogbot_pending_calls')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('tool_call_id')
      .execute()
    return rows.map(toCallRecord)
  },
  /** These calls, whatever their status. */
  async calls(executor: Kysely<Database>, chatId: string, toolCallIds: string[]): Promise<CallRecord[]> {
    if (toolCallIds.length === 0) return []
    const rows = await executor.selectFrom('frogbot_pending_calls').selectAll().where('chat_id', '=', chatId).where('tool_call_id', 'in', toolCallIds).execute()
    return rows.map(toCallRecord)
  },
  /** Queued messages, oldest first. */
  async queued(executor: Kysely<Database>, chatId: string): Promise<QueuedRecord[]> {
    const rows = await executor.selectFrom('frogbot_queued_messages').selectAll().where('chat_id', '=', chatId).orderBy('position').orderBy('created_at').orderBy('id').execute()
    return rows.map(toQueuedRecord)
  }
}
