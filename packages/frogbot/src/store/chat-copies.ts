import type { Kysely } from 'kysely'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import { newChatRow, toChatRecord, type ChatRecord } from './chat-records.ts'
import { messagesOf } from './message-writes.ts'
import { closeOpenToolParts } from '../turns/transcript.ts'
import { randomId } from '../turns/ids.ts'
import type { Settlement } from '../turns/settlement.ts'

/**
 * Branch (SPEC §4, seed "Channel conversations"): copies chat `chatId`, whole or up to and
 * including the assistant message `upToMessageId`, into a new `idle` web chat owned by `ownerId`.
 * Calls still waiting arrive in the branch closed (`Closed without an answer.`, settlement
 * `closed`); messages get new ids. Returns the new chat, or `not-found` for an unknown message.
 */
export async function branchChat(
  db: Kysely<Database>,
  adapter: DatabaseAdapter,
  { chatId, upToMessageId, newChatId, ownerId, now }: { chatId: string; upToMessageId?: string; newChatId: string; ownerId: string | null; now: string }
): Promise<ChatRecord | { status: 'not-found' }> {
  return adapter.transaction(db, async (trx) => {
    const source = toChatRecord(await trx.selectFrom('frogbot_chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow())
    const messages = await messagesOf(trx, chatId)
    const end = upToMessageId === undefined ? messages.length : messages.findIndex((message) => message.id === upToMessageId) + 1
    if (end === 0 || (upToMessageId !== undefined && messages[end - 1].role !== 'assistant')) return { status: 'not-found' as const }
    await trx
      .insertInto('frogbot_chats')
      .values(newChatRow({ id: newChatId, agentSlug: source.agentSlug, ownerId, title: source.title, now }))
      .execute()
    for (const [position, message] of messages.slice(0, end).entries()) {
      const closed = closeOpenToolParts(message)
      const newlyClosed = message.parts.flatMap((part, index) =>
        part !== closed.parts[index] && 'toolCallId' in part ? [(part as { toolCallId: string }).toolCallId] : []
      )
      const settlements: Settlement[] = [
        ...message.settlements,
        ...newlyClosed.map((toolCallId): Settlement => ({ toolCallId, outcome: 'closed', by: { system: true }, at: now }))
      ]
      await trx
        .insertInto('frogbot_messages')
        .values({
          id: randomId('msg'),
          chat_id: newChatId,
          position,
          role: message.role,
          parts: JSON.stringify(closed.parts),
          metadata: message.metadata === undefined ? null : JSON.stringify(message.metadata),
          settlements: JSON.stringify(settlements),
          version: 0,
          created_at: now,
          updated_at: now
        })
        .execute()
    }
    return toChatRecord(await trx.selectFrom('frogbot_chats').selectAll().where('id', '=', newChatId).executeTakeFirstOrThrow())
  })
}
