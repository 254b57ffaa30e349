import type { Kysely } from 'kysely'
import type { DatabaseAdapter } from '../store/database-adapter.ts'
import type { Database } from '../store/database-schema.ts'
import { lockChat } from '../store/chat-lock.ts'
import { chatTransaction } from '../store/chat-transaction.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { effectiveState } from '../store/effective-state.ts'
import { findUserByEmail } from './users.ts'

/**
 * Deletes the user with this email (compared in lower case) with everything that is theirs, in one
 * write transaction: their chats (each held as a chat write holds it, then deleted with its
 * messages, calls and queued messages, as `DELETE /api/agents/:slug/chats/:chatId` does), their API
 * tokens and their sessions. Resolves how many chats went, or `null` when there is no such user.
 * Like deleting one chat, a chat whose turn is running refuses it: throws `turn-in-progress` naming
 * the chats, and nothing is deleted (stop them, then delete the user). `now` is ISO 8601.
 */
export async function deleteUserWithChats(db: Kysely<Database>, adapter: DatabaseAdapter, email: string, now: string): Promise<{ chats: number } | null> {
  return adapter.transaction(db, async (trx) => {
    const user = await findUserByEmail(trx, email)
    if (!user) return null
    // Held in id order, so two writers never wait on each other's chats.
    const owned = await trx.selectFrom('frogbot_chats').select('id').where('owner_id', '=', user.id).orderBy('id').execute()
    const chats = []
    for (const { id } of owned) {
      const chat = await lockChat(trx, adapter, id)
      if (chat) chats.push(chat)
    }
    const running = chats.filter((chat) => effectiveState(chat, now) === 'running').map((chat) => chat.id)
    if (running.length > 0) {
      throw new FrogbotError('turn-in-progress', `A reply is being written in ${running.length === 1 ? 'chat' : 'chats'} ${running.join(', ')} of ${user.email}; stop it, then delete the user.`)
    }
    for (const chat of chats) await chatTransaction(trx, { chat, created: false, now }).deleteChat()
    // Their tokens and sessions go with the user's row (ON DELETE CASCADE).
    await trx.deleteFrom('frogbot_users').where('id', '=', user.id).execute()
    return { chats: chats.length }
  })
}
