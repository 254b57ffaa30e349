import type { UIMessage } from 'ai'
import type { Caller } from '../contract/caller.ts'
import type { SendResult } from '../contract/turns.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { sendMessage } from './send-message.ts'
import type { TurnServices } from './services.ts'

/**
 * A message from a channel thread (FrogBot's piece contract): it continues the chat of that thread,
 * or starts one with the thread's identity, owned by the FrogBot user the piece matched to the
 * participant (nobody when it could not). The rules are those of every door (`sendMessage`):
 * queued behind a running turn or a waiting question, the agent's `access` first.
 * `req` must come through the piece `instance` (`entryPoint: 'channel'`).
 */
export async function sendChannelMessage(
  services: TurnServices,
  { instance, thread, account = null, message, req }: { instance: string; thread: string; account?: string | null; message: UIMessage; req: Caller }
): Promise<SendResult> {
  const attached = services.pieces.get(instance)
  if (!attached) throw new FrogbotError('not-found', `No channel piece "${instance}".`)
  if (req.entryPoint !== 'channel' || req.channel?.instance !== instance) throw new FrogbotError('forbidden', `Only the piece "${instance}" sends messages to its threads.`)
  const channel = { piece: attached.piece.piece, instance, account, thread }
  for (let attempt = 0; ; attempt++) {
    const existing = await services.store.findChannelChat(instance, thread)
    try {
      return await sendMessage(services, { agentSlug: attached.agentSlug, chatId: existing?.id ?? services.newId('chat'), message, req, channel })
    } catch (error) {
      // Two first messages of one thread: the second's chat is not created (the thread is taken), so
      // it finds the chat the first created.
      if (existing || attempt > 0 || !(FrogbotError.isInstance(error) && error.code === 'not-found')) throw error
    }
  }
}
