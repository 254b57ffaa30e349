import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { ChatRecord } from '../store/chat-records.ts'
import type { ChatStore } from '../store/chat-store.ts'
import type { SettledBy } from './settlement.ts'

/**
 * Whether `req` may read and continue `chat`: its owner, or anyone for an owner-less chat
 * (seed: "Who can answer").
 */
export function canContinue(chat: ChatRecord, req: FrogbotRequest): boolean {
  return chat.ownerId === null || chat.ownerId === req.user?.id
}

/**
 * Loads a chat of `agentSlug` that `req` may continue. Throws `FrogbotError('not-found')` for a
 * chat that does not exist, belongs to another agent, or belongs to another user, with the same
 * message in every case so a foreign chat's existence is never revealed.
 */
export async function loadChat(store: ChatStore, { agentSlug, chatId, req }: { agentSlug: string; chatId: string; req: FrogbotRequest }) {
  const chat = await store.getChat(chatId)
  if (!chat || chat.agentSlug !== agentSlug || !canContinue(chat, req)) {
    throw new FrogbotError('not-found', `Chat "${chatId}" was not found for agent "${agentSlug}".`)
  }
  return chat
}

/** Throws `409 channel-chat` for a channel conversation: it is written only in its channel. */
export function assertWritable(chat: ChatRecord) {
  if (chat.channel) {
    throw new FrogbotError('channel-chat', `This conversation happens in ${chat.channel}; answer in its channel, or branch it into a new chat.`)
  }
}

/** Who a settlement by `req` is recorded as. */
export function settledByOf(req: FrogbotRequest): SettledBy {
  if (!req.user) return req.credential.type === 'system' ? { system: true } : { anonymous: true }
  const credential = req.credential
  return credential.type === 'token'
    ? { userId: req.user.id, token: { name: credential.name, prefix: credential.prefix } }
    : { userId: req.user.id }
}
