import type { Caller } from '../../contract/caller.ts'
import type { ChatRead } from '../../contract/turns.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { ChatState, ChatSummary, PendingCall } from '@frogbotai/protocol'
import { toPendingCall } from '../../store/chat-records.ts'
import { canReadChat, chatFor, mayUse, usableAgent } from '../chat-access.ts'
import { draftWriterOf } from '../call-drafts.ts'
import { chatSummary } from './chat-summary.ts'
import { toQueuedMessage } from './queued-message.ts'
import { effectiveState } from '../../store/effective-state.ts'
import { isoIn, type TurnServices } from '../services.ts'
import { sealToolParts } from '../transcript.ts'
import type { StoredMessage } from '../../store/chat-records.ts'

/**
 * The messages of a chat as they are once no turn runs on it (`state` not `running`): a call a
 * turn whose process died left open, and an approved call whose tool never finished there, read
 * closed with the tool error the next turn stores for them (docs/agents/approvals.md: never run
 * again), so no client shows such a call as still running. Calls still waiting stay as they are.
 */
function restingView(messages: StoredMessage[], state: ChatState, waiting: ReadonlySet<string>): StoredMessage[] {
  if (state === 'running') return messages
  return messages.map((message) => sealToolParts(message, waiting) as StoredMessage)
}

/**
 * Reads a chat `req` may read (an assignee of one of its calls too): its messages, the calls still
 * waiting, its queue and `req`'s own drafts of the waiting calls' cards (read only while calls wait);
 * `assigneeOnly` when only a call naming `req` lets them read it. Throws `not-found`.
 */
export async function readChat(services: TurnServices, { chatId, agentSlug, req }: { chatId: string; agentSlug?: string; req: Caller }): Promise<ChatRead> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: false, assignee: 'read' })
  const [messages, pending, queued] = await Promise.all([services.store.getMessages(chat.id), services.store.getPendingCalls(chat.id), services.store.getQueued(chat.id)])
  const drafts = pending.length > 0 ? await services.store.getDrafts(chat.id, draftWriterOf(req)) : []
  const summary = chatSummary(services, chat)
  const shown = restingView(messages, summary.state, new Set(pending.map((call) => call.toolCallId)))
  return { chat: summary, messages: shown, pending: pending.map(toPendingCall), queued: queued.map(toQueuedMessage), drafts, ...(canReadChat(req, chat) ? {} : { assigneeOnly: true as const }) }
}

/** The calls still waiting in a chat and its turn state (seed: "Answer over HTTP", `GET …/pending`). */
export async function pendingOf(services: TurnServices, { chatId, agentSlug, req }: { chatId: string; agentSlug?: string; req: Caller }): Promise<{ chatId: string; state: ChatState; pending: PendingCall[] }> {
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: false, assignee: 'read' })
  const pending = await services.store.getPendingCalls(chat.id)
  return { chatId: chat.id, state: effectiveState(chat, isoIn(services)), pending: pending.map(toPendingCall) }
}

/** Why a caller who is not signed in has no chat list (`unauthorized`, 401). */
export const SIGN_IN_FOR_CHAT_LIST = 'Sign in to list your chats; an owner-less chat is opened by its id.'

/**
 * The chats `req`'s user owns, newest first: of `agentSlug`, or of every agent they may use.
 * Throws `unauthorized` for a caller without a user (owner-less chats are opened by their id).
 */
export async function listChats(
  services: TurnServices,
  { req, agentSlug, limit = 20, cursor }: { req: Caller; agentSlug?: string; limit?: number; cursor?: string }
): Promise<{ chats: ChatSummary[]; nextCursor: string | null }> {
  if (!req.user) throw new FrogbotError('unauthorized', SIGN_IN_FOR_CHAT_LIST)
  const slugs: string[] = []
  if (agentSlug !== undefined) slugs.push((await usableAgent(services, agentSlug, req)).slug)
  else for (const agent of services.agents.values()) if (await mayUse(agent, req)) slugs.push(agent.slug)
  const page = await services.store.listChats({ ownerId: req.user.id, agentSlugs: slugs, limit, before: cursor })
  return { chats: page.chats.map((chat) => chatSummary(services, chat)), nextCursor: page.nextCursor }
}
