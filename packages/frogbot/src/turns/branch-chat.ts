import type { Caller } from '../contract/caller.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { Settlement } from '@frogbotai/protocol'
import type { ChatRecord, StoredMessage } from '../store/chat-records.ts'
import { chatFor } from './chat-access.ts'
import { branchTitle } from './chat-titles.ts'
import { isoIn, type TurnServices } from './services.ts'
import { openToolCallIds, sealToolParts } from './transcript.ts'

/**
 * The messages of a branch (pure): a copy of `messages` up to and including the assistant message
 * `upToMessageId` (all of them without it), each with a new id. Calls still waiting arrive closed
 * (`Closed without an answer.`, settlement `cancelled` by FrogBot). `null` when `upToMessageId` is
 * not an assistant message of the chat.
 */
export function branchMessages(messages: StoredMessage[], { upToMessageId, newId, at }: { upToMessageId?: string; newId: () => string; at: string }): StoredMessage[] | null {
  const end = upToMessageId === undefined ? messages.length : messages.findIndex((message) => message.id === upToMessageId) + 1
  if (upToMessageId !== undefined && (end === 0 || messages[end - 1].role !== 'assistant')) return null
  return messages.slice(0, end).map((message) => {
    const closed = [...openToolCallIds(message)]
    const settlements: Settlement[] = [...message.settlements, ...closed.map((toolCallId): Settlement => ({ toolCallId, outcome: 'cancelled', by: { system: true }, at }))]
    return { ...message, id: newId(), parts: sealToolParts(message).parts, settlements }
  })
}

/**
 * Branch (seed: "Channel conversations"; docs/chat/turns.md): copies a chat `req` can read (channel
 * conversations too), whole or up to the assistant message `messageId`, into a new private web
 * chat owned by `req`, titled "Branch · {title}". Nothing written in the branch reaches the
 * original. Throws `not-found` for a chat or message `req` cannot see, and the agent's `access`
 * refusals.
 */
export async function branchChat(
  services: TurnServices,
  { chatId, agentSlug, messageId, req }: { chatId: string; agentSlug?: string; messageId?: string; req: Caller }
): Promise<ChatRecord> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: false })
  const at = isoIn(services)
  const messages = branchMessages(await services.store.getMessages(chat.id), { upToMessageId: messageId, newId: () => services.newId('msg'), at })
  if (!messages) throw new FrogbotError('not-found', `No assistant message "${messageId}" in this chat to branch from.`)
  return services.store.createChatWithMessages({
    chat: { id: services.newId('chat'), agentSlug: chat.agentSlug, ownerId: req.user?.id ?? null, title: branchTitle(chat.title) },
    messages,
    now: at
  })
}
