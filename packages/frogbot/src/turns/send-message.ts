import type { UIMessage } from 'ai'
import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { assertWritable, canContinue } from './chat-access.ts'
import { CLIENT_CHAT_ID } from './ids.ts'
import { runTurn, type TurnRun } from './run-turn.ts'
import type { TurnServices } from './turn-environment.ts'
import { textOf } from './transcript.ts'

/** A message that started a turn (`run`), or one queued behind a running turn. */
export type SendResult = { chatId: string; messageId: string } & ({ status: 'started'; run: TurnRun } | { status: 'queued' })

/**
 * Sends a user message to a chat (`chatId`, created when it does not exist yet) or to a new chat.
 * The caller owns a new chat (nobody when anonymous). SPEC §4:
 * - an `idle` chat starts a turn;
 * - a chat that awaits input has its pending calls closed, then starts a turn with the message;
 * - a chat with a running turn stores the message in its queue; it runs when that turn ends.
 * Throws `FrogbotError`: `forbidden` when the agent's `access` refuses; `not-found` for a chat of
 * another user or agent; `bad-request` for a malformed new `chatId`; `channel-chat`.
 */
export async function sendMessage(
  services: TurnServices,
  { agent, req, chatId, message }: { agent: ResolvedAgent; req: FrogbotRequest; chatId?: string; message: UIMessage }
): Promise<SendResult> {
  const { store, now, newId, leaseMs } = services
  if (!(await agent.access(req))) throw new FrogbotError('forbidden', `You may not use the agent "${agent.slug}".`)
  const id = chatId ?? newId('chat')
  let chat = await store.getChat(id)
  if (!chat) {
    if (chatId !== undefined && !CLIENT_CHAT_ID.test(chatId)) {
      throw new FrogbotError('bad-request', 'chatId: must be 16–128 letters, digits, "_" or "-" (or leave it out to start a new chat)')
    }
    if (chatId !== undefined && !req.user && chatId.length < 22) {
      // An owner-less chat is continued by anyone who knows its id: it must hold 128 random bits (SPEC §6).
      throw new FrogbotError('bad-request', 'chatId: a chat without an owner needs an id of at least 22 random characters (or leave it out to start a new chat)')
    }
    const title = textOf(message.parts).slice(0, 80) || null
    await store.createChat({ id, agentSlug: agent.slug, ownerId: req.user?.id ?? null, title, now: now().toISOString() })
    chat = await store.getChat(id)
  }
  if (!chat || chat.agentSlug !== agent.slug || !canContinue(chat, req)) {
    throw new FrogbotError('not-found', `Chat "${id}" was not found for agent "${agent.slug}".`)
  }
  assertWritable(chat)
  const leaseOwner = `${services.processId}:${newId('lease')}`
  const started = await store.startTurn({
    chatId: id,
    message,
    sender: { userId: req.user?.id ?? null, credential: req.credential, ...(req.credential.type === 'custom' && req.user ? { user: req.user } : {}) },
    leaseOwner,
    leaseUntil: new Date(now().getTime() + leaseMs).toISOString(),
    now: now().toISOString()
  })
  if (started.status === 'queued') return { status: 'queued', chatId: id, messageId: started.messageId }
  if (started.status === 'busy') throw new FrogbotError('turn-in-progress', 'Another turn holds this chat; join it with GET .../chats/:chatId/stream, or retry when it ends.')
  const run = runTurn(services, { agent, chatId: id, req, messages: started.messages, leaseOwner, offerClientTools: req.entryPoint !== 'local' })
  return { status: 'started', chatId: id, messageId: started.messageId!, run }
}
