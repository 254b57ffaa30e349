import type { UIMessage } from 'ai'
import type { Caller } from '../contract/caller.ts'
import type { TurnRun } from '../contract/turns.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { ChatRecord } from '../store/chat-records.ts'
import { StoreWriteConflict } from '../store/store-errors.ts'
import { chatFor } from './chat-access.ts'
import { effectiveState } from '../store/effective-state.ts'
import { runTurn } from './run/run-turn.ts'
import { isoIn, newLeaseOwner, type TurnServices } from './services.ts'
import { firstWordsTitle } from './chat-titles.ts'
import { settledCalls } from './settled-calls.ts'

/**
 * Edit of a stored user message (docs/chat/turns.md, web chats): in one transaction its parts are replaced,
 * every later message is removed (with its calls, waiting or not), and the turn runs again from
 * there as `req`. `parts` left out re-runs the message as it is (regenerate). Editing the first
 * message retitles a chat still titled by its first words. Queued messages stay queued. Throws `not-found` for a chat or user
 * message `req` cannot see, `turn-in-progress` while a turn runs, and the write checks.
 */
export async function editMessage(
  services: TurnServices,
  { chatId, agentSlug, messageId, parts, req }: { chatId: string; agentSlug?: string; messageId: string; parts?: UIMessage['parts']; req: Caller }
): Promise<{ chatId: string; messageId: string; run: TurnRun }> {
  const { chat, agent } = await chatFor(services, { chatId, agentSlug, req, write: true })
  const leaseOwner = newLeaseOwner(services)
  let taken
  try {
    taken = await services.store.withChat(
      chat.id,
      async (tx) => {
        if (effectiveState(tx.chat, tx.now) === 'running') return 'busy' as const
        const messages = await tx.messages()
        const index = messages.findIndex((message) => message.id === messageId)
        if (index < 0 || messages[index].role !== 'user') return 'not-found' as const
        const edited = { ...messages[index], parts: parts ?? messages[index].parts }
        await tx.deleteMessagesAfter(messageId)
        await tx.saveMessage(edited, () => services.newId('msg'))
        await tx.updateChat({
          state: 'running',
          leaseOwner,
          leaseUntil: isoIn(services, services.leaseMs),
          stopRequestedAt: null,
          // A title the owner or the model gave the chat is kept; the first words follow the edit.
          ...(index === 0 && tx.chat.title === firstWordsTitle(messages[0].parts) ? { title: firstWordsTitle(edited.parts) } : {})
        })
        const running: ChatRecord = { ...tx.chat, state: 'running', leaseOwner }
        return { chat: running, messages: [...messages.slice(0, index), edited] }
      },
      { now: isoIn(services) }
    )
  } catch (error) {
    if (error instanceof StoreWriteConflict) throw new FrogbotError('write-conflict', 'The chat kept changing while FrogBot tried to edit it; retry.')
    throw error
  }
  if (taken === 'busy') throw new FrogbotError('turn-in-progress', 'A turn is running in this chat; stop it or wait before editing.')
  if (taken === 'not-found' || taken === null) throw new FrogbotError('not-found', `No user message "${messageId}" in this chat.`)
  // The messages after the edited one are gone, with their calls.
  settledCalls.forget(services, chat.id)
  return { chatId: chat.id, messageId, run: runTurn(services, { agent, chat: taken.chat, req, messages: taken.messages, leaseOwner }) }
}
