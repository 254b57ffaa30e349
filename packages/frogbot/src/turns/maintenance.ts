import { expireCall } from './settle.ts'
import { isoIn, type TurnServices } from './services.ts'

/**
 * Housekeeping every process runs on a timer, safe in several processes at once:
 * - pending calls past their `client.expiresIn` close with outcome `expired` (tool error
 *   `Expired without an answer.`), through the settle door as FrogBot; the model is not called;
 * - chats whose turn died while messages wait in their queue start their next queued message.
 * Nothing else ever settles a call by itself. Returns how many calls expired and turns started.
 */
export async function runMaintenance(services: TurnServices): Promise<{ expired: number; resumed: number }> {
  let expired = 0
  for (const call of await services.store.getExpiredCalls(isoIn(services))) if (await expireCall(services, call)) expired++
  let resumed = 0
  for (const chatId of await services.store.getStalledQueues(isoIn(services))) if (await services.kickQueue(chatId)) resumed++
  return { expired, resumed }
}
