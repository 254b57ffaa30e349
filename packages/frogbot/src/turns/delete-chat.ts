import type { Caller } from '../contract/caller.ts'
import { chatNotFound, FrogbotError } from '../errors/frogbot-error.ts'
import type { ChatTransaction } from '../store/chat-store.ts'
import { StoreWriteConflict } from '../store/store-errors.ts'
import { chatFor } from './chat-access.ts'
import { effectiveState } from '../store/effective-state.ts'
import { isoIn, type TurnServices } from './services.ts'
import { settledCalls } from './settled-calls.ts'

/**
 * Deletes a web chat `req` may write (the agent's `access`, the owner; a channel conversation is
 * read-only from here: `channel-chat`) with its messages, calls and queued messages, in one
 * transaction that holds the chat. A chat whose turn is running is refused with
 * `turn-in-progress` (stop it first); a waiting question goes with its chat. Throws `not-found`
 * for a chat `req` cannot see.
 */
export async function deleteChat(services: TurnServices, { chatId, agentSlug, req }: { chatId: string; agentSlug?: string; req: Caller }): Promise<void> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: true })
  const deleteUnlessRunning = async (tx: ChatTransaction) => {
    if (effectiveState(tx.chat, tx.now) === 'running') return 'running' as const
    await tx.deleteChat()
    return 'deleted' as const
  }
  const outcome = await services.store.withChat(chat.id, deleteUnlessRunning, { now: isoIn(services) }).catch((error: unknown) => {
    throw error instanceof StoreWriteConflict ? new FrogbotError('write-conflict', 'The chat kept changing while FrogBot tried to delete it; retry.') : error
  })
  if (outcome === 'running') throw new FrogbotError('turn-in-progress', 'A reply is being written in this chat; stop it, then delete the chat.')
  if (outcome === null) throw chatNotFound(chatId)
  settledCalls.forget(services, chat.id)
}
