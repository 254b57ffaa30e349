import { startQueuedTurn } from './queued-turns.ts'
import type { TurnServices } from './turn-environment.ts'

/**
 * Housekeeping every process runs on a timer, safe to run in several processes at once:
 * - pending calls whose `client.expiresIn` passed are closed with outcome `expired` (tool error
 *   `Expired without an answer.`, settled by the system); the model is not called;
 * - chats whose turn died with messages still queued start their next queued turn.
 * Nothing else ever settles a call by itself. Returns how many calls expired and turns started.
 */
export async function runMaintenance(services: TurnServices): Promise<{ expired: number; resumed: number }> {
  const { store, now } = services
  let expired = 0
  for (const call of await store.getExpiredCalls(now().toISOString())) {
    const result = await store.settle({
      chatId: call.chatId,
      toolCallId: call.toolCallId,
      change: { outcome: 'expired' },
      by: { system: true },
      leaseOwner: services.processId,
      leaseUntil: now().toISOString(),
      now: now().toISOString()
    })
    if (result.status === 'settled') expired++
  }
  let resumed = 0
  for (const chatId of await store.getStalledQueues(now().toISOString())) {
    if (await startQueuedTurn(services, chatId)) resumed++
  }
  return { expired, resumed }
}
