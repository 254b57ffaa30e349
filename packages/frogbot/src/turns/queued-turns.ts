import { findUserById } from '../auth/users.ts'
import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { Sender } from '../store/chat-store.ts'
import { runTurn } from './run-turn.ts'
import type { TurnServices } from './turn-environment.ts'

async function requestOf(services: TurnServices, sender: Sender | null): Promise<FrogbotRequest> {
  const stored = sender?.userId ? await findUserById(services.store.db, sender.userId) : null
  const user = stored ?? (sender?.credential.type === 'custom' ? (sender.user ?? null) : null)
  return { user, credential: sender?.credential ?? { type: 'anonymous' }, entryPoint: 'http', headers: new Headers() }
}

/**
 * Starts the next queued message of a chat, if the chat is free: its turn runs as the person who
 * sent it, and when it ends the queue is drained further (through `onQueued`). Returns whether a
 * turn started. Safe to call from any process at any time: taking the chat is a compare-and-set.
 */
export async function startQueuedTurn(services: TurnServices, chatId: string): Promise<boolean> {
  const { store, now, newId, leaseMs } = services
  const chat = await store.getChat(chatId)
  const agent = chat ? services.agents.get(chat.agentSlug) : undefined
  if (!chat || !agent) return false
  const leaseOwner = `${services.processId}:${newId('lease')}`
  const started = await store.startTurn({
    chatId,
    fromQueue: true,
    leaseOwner,
    leaseUntil: new Date(now().getTime() + leaseMs).toISOString(),
    now: now().toISOString()
  })
  if (started.status !== 'started') return false
  const req = await requestOf(services, started.sender)
  const run = runTurn(services, { agent, chatId, req, messages: started.messages, leaseOwner, offerClientTools: true })
  void run.stream.cancel().catch(() => {})
  run.result.catch((error) => services.log(`frogbot: queued turn in chat ${chatId} failed: ${error instanceof Error ? error.message : String(error)}`))
  return true
}
