import type { UIMessage } from 'ai'
import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { assertWritable, canContinue } from './chat-access.ts'
import { CLIENT_CHAT_ID } from './ids.ts'
import { runTurn, type TurnRun } from './run-turn.ts'
import type { TurnServices } from './turn-environment.ts'
import { textOf } from './transcript.ts'

/**
 * Starts a turn with a new user message: in the chat `chatId` (created when it does not exist
 * yet), or in a new chat. The caller becomes the owner of a new chat (none when anonymous).
 * A chat that waits for input has its pending calls closed first (SPEC §4).
 * Throws `FrogbotError`: `forbidden` when the agent's `access` refuses the caller; `not-found`
 * for a chat of another user or agent; `bad-request` for a malformed `chatId`; `channel-chat`;
 * `turn-in-progress` when another turn is running in the chat.
 */
export async function sendMessage(
  services: TurnServices,
  { agent, req, chatId, message }: { agent: ResolvedAgent; req: FrogbotRequest; chatId?: string; message: UIMessage }
): Promise<{ chatId: string; run: TurnRun }> {
  const { store, now, newId, leaseMs } = services
  if (!(await agent.access(req))) throw new FrogbotError('forbidden', `You may not use the agent "${agent.slug}".`)
  const id = chatId ?? newId('chat')
  let chat = await store.getChat(id)
  if (chat && (chat.agentSlug !== agent.slug || !canContinue(chat, req))) {
    throw new FrogbotError('not-found', `Chat "${id}" was not found for agent "${agent.slug}".`)
  }
  if (!chat) {
    if (chatId !== undefined && !CLIENT_CHAT_ID.test(chatId)) {
      throw new FrogbotError('bad-request', 'chatId: must be 16–128 letters, digits, "_" or "-" (or leave it out to start a new chat)')
    }
    await store.createChat({ id, agentSlug: agent.slug, ownerId: req.user?.id ?? null, title: textOf(message.parts).slice(0, 80) || null, now: now().toISOString() })
    chat = await store.getChat(id)
  }
  assertWritable(chat!)
  const leaseOwner = `${services.processId}:${newId('lease')}`
  const started = await store.startTurn({
    chatId: id,
    userMessage: message,
    leaseOwner,
    leaseUntil: new Date(now().getTime() + leaseMs).toISOString(),
    now: now().toISOString()
  })
  if (started.status === 'busy') {
    throw new FrogbotError('turn-in-progress', 'Another turn is running in this chat; send the message when it ends.')
  }
  const run = runTurn(services, { agent, chatId: id, req, messages: started.messages, leaseOwner, offerClientTools: req.entryPoint !== 'local' })
  return { chatId: id, run }
}
