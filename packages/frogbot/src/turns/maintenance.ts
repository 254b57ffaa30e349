import { expireCall } from './settle.ts'
import { isoIn, type TurnServices } from './services.ts'

/** How long a process's sweeper holds the calls it claimed to expire; another takes them after that. */
const EXPIRY_CLAIM_MS = 60_000

/**
 * Housekeeping every process runs on a timer, safe in several processes at once:
 * - pending calls past their `client.expiresIn` close with outcome `expired` (tool error
 *   `Expired without an answer.`), through the settle door as FrogBot; the model is not called.
 *   Each due call is claimed by one process's sweeper (see `claimExpiredCalls`);
 * - chats whose turn died while messages wait in their queue start their next queued message.
 * Nothing else ever settles a call by itself. Returns how many calls expired and turns started.
 */
export async function runMaintenance(services: TurnServices): Promise<{ expired: number; resumed: number }> {
  let expired = 0
  const due = await services.store.claimExpiredCalls({ now: isoIn(services), claimUntil: isoIn(services, EXPIRY_CLAIM_MS) })
  for (const call of due) if (await expireCall(services, call)) expired++
  let resumed = 0
  for (const chatId of await services.store.getStalledQueues(isoIn(services))) if (await services.kickQueue(chatId)) resumed++
  return { expired, resumed }
}
