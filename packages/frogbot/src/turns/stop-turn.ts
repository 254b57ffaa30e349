import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { assertWritable, loadChat } from './chat-access.ts'
import type { TurnServices } from './turn-environment.ts'

/**
 * Stops the running turn of a chat and returns once the chat is usable. What was generated so far
 * is kept, open tool calls are closed, and the chat becomes `idle`. The turn is aborted at once
 * when this process runs it, otherwise within about a second by the process that does (it polls
 * while renewing its lease). When no process reacts within `graceMs` (its process died), the chat
 * is released without waiting for the lease to pass.
 * Returns `false` when no turn was running. Throws `not-found` for a chat the caller cannot see
 * and `channel-chat` for a channel conversation.
 */
export async function stopTurn(
  services: TurnServices,
  { agent, chatId, req }: { agent: ResolvedAgent; chatId: string; req: FrogbotRequest },
  { graceMs = 3000 }: { graceMs?: number } = {}
): Promise<boolean> {
  const { store } = services
  const chat = await loadChat(store, { agentSlug: agent.slug, chatId, req })
  assertWritable(chat)
  if (!(await store.requestStop(chatId, services.now().toISOString()))) return false
  services.activeRuns?.get(chatId)?.abort()
  const deadline = Date.now() + graceMs
  for (;;) {
    const current = await store.getChat(chatId)
    if (!current || current.state !== 'running' || current.leaseOwner !== chat.leaseOwner) return true
    if (Date.now() >= deadline) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await store.releaseStoppedTurn({ chatId, leaseOwner: chat.leaseOwner!, now: services.now().toISOString() })
  return true
}
