import type { Kysely } from 'kysely'
import type { UIMessage } from 'ai'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import { lockChat } from './chat-lock.ts'
import { messagesOf } from './message-writes.ts'
import { textOf } from '../turns/transcript.ts'
import type { StartTurnResult } from './turn-writes.ts'

/**
 * Edit of a user message (SPEC §4, web chats): in one transaction, replaces the parts of the user
 * message `messageId`, deletes every later message (and their calls, pending or not), and takes
 * the chat for a new turn under `leaseOwner`. Allowed when the chat is `idle`, `awaiting-input`, or
 * `running` with a lease that has passed. Returns `busy` when a live turn holds the chat and
 * `not-found` when `messageId` is not a user message of the chat.
 */
export async function rewindTo(
  db: Kysely<Database>,
  adapter: DatabaseAdapter,
  { chatId, messageId, parts, leaseOwner, leaseUntil, now }: {
    chatId: string
    messageId: string
    parts: UIMessage['parts']
    leaseOwner: string
    leaseUntil: string
    now: string
  }
): Promise<StartTurnResult | { status: 'not-found' }> {
  return adapter.transaction(db, async (trx) => {
    const before = await lockChat(trx, adapter, chatId)
    if (!before) return { status: 'not-found' as const }
    if (before.state === 'running' && (before.leaseUntil ?? '') >= now) return { status: 'busy', chat: before }
    const target = await trx.selectFrom('frogbot_messages').select(['id', 'position', 'role']).where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst()
    if (!target || target.role !== 'user') return { status: 'not-found' }
    const earlier = await trx.selectFrom('frogbot_messages').select('id').where('chat_id', '=', chatId).where('position', '<', target.position).limit(1).executeTakeFirst()
    const later = trx.selectFrom('frogbot_messages').select('id').where('chat_id', '=', chatId).where('position', '>', target.position)
    await trx.deleteFrom('frogbot_pending_calls').where('chat_id', '=', chatId).where('message_id', 'in', later).execute()
    await trx.deleteFrom('frogbot_messages').where('chat_id', '=', chatId).where('position', '>', target.position).execute()
    await trx
      .updateTable('frogbot_messages')
      .set((eb) => ({ parts: JSON.stringify(parts), updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', messageId)
      .execute()
    await trx
      .updateTable('frogbot_chats')
      .set({
        state: 'running',
        lease_owner: leaseOwner,
        lease_until: leaseUntil,
        stop_requested_at: null,
        updated_at: now,
        version: before.version + 1,
        // The title comes from the first message; an edit of that message renames the chat.
        ...(earlier ? {} : { title: textOf(parts).slice(0, 80) || null })
      })
      .where('id', '=', chatId)
      .execute()
    const chat = { ...before, state: 'running' as const, leaseOwner, leaseUntil, version: before.version + 1 }
    return { status: 'started', chat, messages: await messagesOf(trx, chatId), messageId, sender: null }
  })
}
