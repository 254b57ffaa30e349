import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { assertWritable, loadChat } from './chat-access.ts'
import type { TurnServices } from './turn-environment.ts'

/**
 * Stops the running turn of a chat. What was generated so far is kept, open tool calls are closed,
 * and the chat becomes `idle`. The turn is aborted at once when this process runs it, otherwise
 * within about a second by the process that does (it polls while renewing its lease).
 * Returns `false` when no turn was running. Throws `not-found` for a chat the caller cannot see
 * and `channel-chat` for a channel conversation.
 */
export async function stopTurn(
  services: TurnServices,
  { agent, chatId, req }: { agent: ResolvedAgent; chatId: string; req: FrogbotRequest }
): Promise<boolean> {
  const chat = await loadChat(services.store, { agentSlug: agent.slug, chatId, req })
  assertWritable(chat)
  if (!(await services.store.requestStop(chatId, services.now().toISOString()))) return false
  services.activeRuns?.get(chatId)?.abort()
  return true
}
