import type { UIMessage } from 'ai'
import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { assertWritable, loadChat } from './chat-access.ts'
import { runTurn, type TurnRun } from './run-turn.ts'
import type { TurnServices } from './turn-environment.ts'

/**
 * Edit of a user message in a web chat (SPEC §4): its parts are replaced, every later message is
 * removed, and the turn runs again from there. `parts` left out re-runs the message as it is
 * (regenerate). Throws `not-found` for a chat or user message the caller cannot see,
 * `channel-chat`, and `turn-in-progress` while a live turn runs.
 */
export async function editMessage(
  services: TurnServices,
  { agent, chatId, req, messageId, parts }: { agent: ResolvedAgent; chatId: string; req: FrogbotRequest; messageId: string; parts?: UIMessage['parts'] }
): Promise<{ chatId: string; messageId: string; run: TurnRun }> {
  const { store, now, newId, leaseMs } = services
  const chat = await loadChat(store, { agentSlug: agent.slug, chatId, req })
  assertWritable(chat)
  const current = await store.getMessage(chatId, messageId)
  if (!current || current.role !== 'user') throw new FrogbotError('not-found', `No user message "${messageId}" in this chat.`)
  const leaseOwner = `${services.processId}:${newId('lease')}`
  const started = await store.rewindTo({
    chatId,
    messageId,
    parts: parts ?? current.parts,
    leaseOwner,
    leaseUntil: new Date(now().getTime() + leaseMs).toISOString(),
    now: now().toISOString()
  })
  if (started.status === 'not-found') throw new FrogbotError('not-found', `No user message "${messageId}" in this chat.`)
  if (started.status !== 'started') throw new FrogbotError('turn-in-progress', 'A turn is running in this chat; stop it or wait before editing.')
  const run = runTurn(services, { agent, chatId, req, messages: started.messages, leaseOwner, offerClientTools: req.entryPoint !== 'local' })
  return { chatId, messageId, run }
}
