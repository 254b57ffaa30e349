import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { ChatRecord } from '../store/chat-records.ts'
import { loadChat } from './chat-access.ts'
import type { TurnServices } from './turn-environment.ts'

/**
 * Branch: copies a chat the caller can read — whole, or up to the assistant message `messageId` —
 * into a new private web chat owned by the caller (seed: "Channel conversations"). Calls still
 * waiting arrive in the branch closed, and nothing written in the branch reaches the original.
 * Works on channel conversations too. Throws `not-found` for an unknown chat or message.
 */
export async function branchChat(
  services: TurnServices,
  { agent, chatId, req, messageId }: { agent: ResolvedAgent; chatId: string; req: FrogbotRequest; messageId?: string }
): Promise<ChatRecord> {
  const { store, now, newId } = services
  await loadChat(store, { agentSlug: agent.slug, chatId, req })
  const branch = await store.branchChat({ chatId, upToMessageId: messageId, newChatId: newId('chat'), ownerId: req.user?.id ?? null, now: now().toISOString() })
  if ('status' in branch) throw new FrogbotError('not-found', `No assistant message "${messageId}" in this chat to branch from.`)
  return branch
}
