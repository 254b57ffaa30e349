import type { Caller } from '../contract/caller.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { QueuedMessage } from '@frogbotai/protocol'
import { StoreWriteConflict } from '../store/store-errors.ts'
import { canWriteChat, chatFor, mayUse } from './chat-access.ts'
import { effectiveState } from '../store/effective-state.ts'
import { runTurn } from './run/run-turn.ts'
import { isSender, callerOfSender } from './sender.ts'
import { isoIn, newLeaseOwner, type TurnServices } from './services.ts'
import { toQueuedMessage } from './views/queued-message.ts'

/**
 * Starts the oldest queued message of a chat when the chat is free (idle, or its turn died): the
 * turn runs as the message's sender, whose agent `access` and right to write the chat are checked
 * again now (docs/chat/turns.md). A message whose sender is refused is dropped from the queue (and logged) and
 * the next one is tried. Returns whether a turn started. Safe from any process at any time: taking
 * the chat is a compare-and-set under its lock.
 */
export async function startNextQueued(services: TurnServices, chatId: string): Promise<boolean> {
  const { store } = services
  for (;;) {
    const chat = await store.getChat(chatId)
    if (!chat || effectiveState(chat, isoIn(services)) !== 'idle') return false
    const [next] = await store.getQueued(chatId)
    const agent = services.agents.get(chat.agentSlug)
    if (!next || !agent) return false
    const req = await callerOfSender(services, next.sender)
    const allowed = canWriteChat({ req, chat }) && (await mayUse(agent, req))
    const leaseOwner = newLeaseOwner(services)
    const taken = await store.withChat(
      chatId,
      async (tx) => {
        if (effectiveState(tx.chat, tx.now) !== 'idle') return 'busy' as const
        const [head] = await tx.queued()
        if (!head || head.id !== next.id) return 'changed' as const
        await tx.removeQueued(head.messageId)
        if (!allowed) return 'refused' as const
        // Stored under the id it was queued under (a fresh one when the sent id was taken elsewhere).
        await tx.appendMessage({ ...head.message, id: head.messageId }, () => services.newId('msg'))
        await tx.updateChat({ state: 'running', leaseOwner, leaseUntil: isoIn(services, services.leaseMs), stopRequestedAt: null })
        return { chat: { ...tx.chat, state: 'running' as const, leaseOwner }, messages: await tx.messages() }
      },
      { now: isoIn(services) }
    )
    if (taken === null || taken === 'busy') return false
    if (taken === 'changed') continue
    if (taken === 'refused') {
      services.log(`frogbot: a queued message in chat ${chatId} was dropped: its sender may no longer write this chat with agent "${agent.slug}"`)
      continue
    }
    const run = runTurn(services, { agent, chat: taken.chat, req, messages: taken.messages, leaseOwner })
    void run.stream.cancel().catch(() => {})
    run.result.catch((error) => services.log(`frogbot: queued turn in chat ${chatId} failed: ${error instanceof Error ? error.message : String(error)}`))
    return true
  }
}

/**
 * Edits (`text`) or deletes (`text` absent) a queued message of chat `chatId`, as its sender, until
 * it starts (FrogBot's turn rules). Throws `not-found` (no such chat or message), `403 forbidden`
 * for anyone but its sender, `409 not-queued` once it started, plus the write checks of
 * `chatFor`. Returns the queued message after an edit.
 */
export async function changeQueued(
  services: TurnServices,
  { chatId, agentSlug, messageId, text, req }: { chatId: string; agentSlug?: string; messageId: string; text?: string; req: Caller }
): Promise<QueuedMessage | null> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: true })
  let outcome
  try {
    outcome = await services.store.withChat(
      chat.id,
      async (tx) => {
        const queued = (await tx.queued()).find((entry) => entry.messageId === messageId)
        if (!queued) return (await tx.message(messageId)) ? ('not-queued' as const) : ('not-found' as const)
        if (!isSender(queued.sender, req)) return 'forbidden' as const
        if (text === undefined) {
          await tx.removeQueued(messageId)
          return 'deleted' as const
        }
        const message = { ...queued.message, parts: [{ type: 'text' as const, text }] }
        await tx.replaceQueued(messageId, message)
        return toQueuedMessage({ ...queued, message })
      },
      { now: isoIn(services) }
    )
  } catch (error) {
    if (error instanceof StoreWriteConflict) throw new FrogbotError('write-conflict', 'The chat kept changing; retry.')
    throw error
  }
  if (outcome === 'not-found' || outcome === null) throw new FrogbotError('not-found', `No message "${messageId}" in this chat.`)
  if (outcome === 'not-queued') throw new FrogbotError('not-queued', 'This message already started; it can no longer be edited or deleted.')
  if (outcome === 'forbidden') throw new FrogbotError('forbidden', 'Only the sender of a queued message may edit or delete it.')
  return outcome === 'deleted' ? null : outcome
}
