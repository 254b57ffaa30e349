import type { Kysely } from 'kysely'
import type { UIMessage } from 'ai'
import { randomId } from '../turns/ids.ts'
import type { Database } from './database-schema.ts'
import { toStoredMessage } from './chat-records.ts'

/** Every message of a chat in order. */
export async function messagesOf(executor: Kysely<Database>, chatId: string) {
  const rows = await executor.selectFrom('frogbot_messages').selectAll().where('chat_id', '=', chatId).orderBy('position').execute()
  return rows.map(toStoredMessage)
}

async function nextPosition(executor: Kysely<Database>, chatId: string): Promise<number> {
  const last = await executor
    .selectFrom('frogbot_messages')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('chat_id', '=', chatId)
    .executeTakeFirst()
  return Number(last?.position ?? -1) + 1
}

/**
 * Appends a new message at the end of a chat. A client-chosen id that is already taken (in any
 * chat) is replaced by a fresh one, so a client can never overwrite a stored message.
 * Returns the message as stored.
 */
export async function appendMessage(executor: Kysely<Database>, chatId: string, message: UIMessage, now: string): Promise<UIMessage> {
  const position = await nextPosition(executor, chatId)
  for (let attempt = 0; ; attempt++) {
    const id = attempt === 0 ? message.id : randomId('msg')
    const inserted = await executor
      .insertInto('frogbot_messages')
      .values({
        id,
        chat_id: chatId,
        position,
        role: message.role,
        parts: JSON.stringify(message.parts),
        metadata: message.metadata === undefined ? null : JSON.stringify(message.metadata),
        settlements: '[]',
        version: 0,
        created_at: now,
        updated_at: now
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { ...message, id }
  }
}

/** Saves the assistant message of the running turn: updates it in place, or appends it when new. */
export async function saveAssistantMessage(executor: Kysely<Database>, chatId: string, message: UIMessage, now: string): Promise<void> {
  const updated = await executor
    .updateTable('frogbot_messages')
    .set((eb) => ({
      parts: JSON.stringify(message.parts),
      metadata: message.metadata === undefined ? null : JSON.stringify(message.metadata),
      updated_at: now,
      version: eb('version', '+', 1)
    }))
    .where('id', '=', message.id)
    .where('chat_id', '=', chatId)
    .where('role', '=', 'assistant')
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) await appendMessage(executor, chatId, message, now)
}
