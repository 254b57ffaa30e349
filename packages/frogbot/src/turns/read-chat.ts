import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { ChatState, ChatSummary, PendingCall, QueuedMessage, StoredMessageSchema } from '@frogbotai/protocol'
import { type ChatRecord, toPendingCall } from '../store/chat-records.ts'
import { channelLabel, chatFor, usableAgent } from './chat-access.ts'
import { toQueuedMessage } from './queued-messages.ts'
import { effectiveState } from './rules/chat-state.ts'
import { isoIn, type TurnServices } from './services.ts'
import type { z } from 'zod'

/** The public summary of a chat: its state as a user sees it and, for a channel chat, its label. */
export function chatSummary(services: Pick<TurnServices, 'channels' | 'now'>, chat: ChatRecord): ChatSummary {
  return {
    id: chat.id,
    agentSlug: chat.agentSlug,
    title: chat.title,
    state: effectiveState(chat, isoIn(services)),
    channel: chat.channel,
    channelLabel: channelLabel(services, chat),
    createdAt: chat.createdAt,
    updatedAt: chat.updatedAt
  }
}

/** A chat as `GET …/chats/:chatId` answers it (see `ChatReadSchema`). */
export type ChatRead = { chat: ChatSummary; messages: z.output<typeof StoredMessageSchema>[]; pending: PendingCall[]; queued: QueuedMessage[] }

/** Reads a chat `req` may read: its messages, the calls still waiting and its queue. Throws `not-found`. */
export async function readChat(services: TurnServices, { chatId, agentSlug, req }: { chatId: string; agentSlug?: string; req: FrogbotRequest }): Promise<ChatRead> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: false })
  const [messages, pending, queued] = await Promise.all([services.store.getMessages(chat.id), services.store.getPendingCalls(chat.id), services.store.getQueued(chat.id)])
  return { chat: chatSummary(services, chat), messages, pending: pending.map(toPendingCall), queued: queued.map(toQueuedMessage) }
}

/** The calls still waiting in a chat and its turn state (seed: "Answer over HTTP", `GET …/pending`). */
export async function pendingOf(services: TurnServices, { chatId, agentSlug, req }: { chatId: string; agentSlug?: string; req: FrogbotRequest }): Promise<{ chatId: string; state: ChatState; pending: PendingCall[] }> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: false })
  const pending = await services.store.getPendingCalls(chat.id)
  return { chatId: chat.id, state: effectiveState(chat, isoIn(services)), pending: pending.map(toPendingCall) }
}

/**
 * The chats `req`'s user owns, newest first: of `agentSlug`, or of every agent they may use.
 * Throws `unauthorized` for a caller without a user (owner-less chats are opened by their id).
 */
export async function listChats(
  services: TurnServices,
  { req, agentSlug, limit = 20, cursor }: { req: FrogbotRequest; agentSlug?: string; limit?: number; cursor?: string }
): Promise<{ chats: ChatSummary[]; nextCursor: string | null }> {
  if (!req.user) throw new FrogbotError('unauthorized', 'Sign in to list your chats; an owner-less chat is opened by its id.')
  const slugs: string[] = []
  if (agentSlug !== undefined) slugs.push((await usableAgent(services, agentSlug, req)).slug)
  else for (const agent of services.agents.values()) if (await agent.access(req)) slugs.push(agent.slug)
  const page = await services.store.listChats({ ownerId: req.user.id, agentSlugs: slugs, limit, before: cursor })
  return { chats: page.chats.map((chat) => chatSummary(services, chat)), nextCursor: page.nextCursor }
}
