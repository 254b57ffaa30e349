import type { UIMessage } from 'ai'
import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import { branchChat } from './branch-chat.ts'
import { editMessage } from './edit-message.ts'
import { runMaintenance } from './maintenance.ts'
import { changeQueued, startNextQueued } from './queued-messages.ts'
import { chatSummary, listChats, pendingOf, readChat } from './read-chat.ts'
import { sendMessage } from './send-message.ts'
import type { TurnServices } from './services.ts'
import { settle, type SettleInput } from './settle.ts'
import { stopTurn } from './stop-turn.ts'
import { channelEngineFor } from './channel-engine.ts'
import { sendChannelMessage } from './channel-messages.ts'

/**
 * The turn engine every door stands on (SPEC §4): HTTP, the chat UI's resubmission, the CLI,
 * channel pieces, the app's own code and expiry all send, settle, stop, edit and branch through
 * these functions, as a caller (`req`: who, and through which door). The rules live here; doors
 * only turn their input into these calls and their results into answers.
 */
export type Engine = ReturnType<typeof createEngine>

/**
 * Builds the engine on `services` (without `kickQueue`, which the engine provides). With
 * `startQueuedTurns: false` this process never starts queued messages (maintenance elsewhere does).
 */
export function createEngine(base: Omit<TurnServices, 'kickQueue'>, { startQueuedTurns = true }: { startQueuedTurns?: boolean } = {}) {
  const kickQueue = (chatId: string) =>
    startNextQueued(services, chatId).catch((error) => {
      services.log(`frogbot: could not start the queued message of chat ${chatId}: ${error instanceof Error ? error.message : String(error)}`)
      return false
    })
  const services: TurnServices = { ...base, kickQueue: startQueuedTurns ? kickQueue : async () => false }
  return {
    services,
    /** Sends a user message (see `sendMessage`). */
    sendMessage: (options: { agentSlug: string; chatId?: string; message: UIMessage; req: FrogbotRequest; canQueue?: boolean }) => sendMessage(services, options),
    /** A message from a channel thread: continues the thread's chat or starts one (see `sendChannelMessage`). */
    sendChannelMessage: (options: Parameters<typeof sendChannelMessage>[1]) => sendChannelMessage(services, options),
    /** The one settle door (see `settleActions`). */
    settle: (options: { chatId: string; agentSlug?: string; inputs: SettleInput[]; req: FrogbotRequest; wholeStep?: boolean }) => settle(services, options),
    stop: (options: { chatId: string; agentSlug?: string; req: FrogbotRequest; graceMs?: number }) => stopTurn(services, options),
    editMessage: (options: Parameters<typeof editMessage>[1]) => editMessage(services, options),
    /** Edits (with `text`) or deletes a queued message (see `changeQueued`). */
    changeQueued: (options: Parameters<typeof changeQueued>[1]) => changeQueued(services, options),
    branch: async (options: Parameters<typeof branchChat>[1]) => chatSummary(services, await branchChat(services, options)),
    readChat: (options: { chatId: string; agentSlug?: string; req: FrogbotRequest }) => readChat(services, options),
    pending: (options: { chatId: string; agentSlug?: string; req: FrogbotRequest }) => pendingOf(services, options),
    listChats: (options: Parameters<typeof listChats>[1]) => listChats(services, options),
    maintain: () => runMaintenance(services),
    /** Starts every channel piece (`ChannelDoor.start`) with its own channel engine. */
    startChannels: async () => {
      for (const door of services.channels.values()) await door.start?.(channelEngineFor(services, door))
    },
    /** Closes every channel piece (`ChannelDoor.close`). */
    closeChannels: async () => {
      for (const door of services.channels.values()) await Promise.resolve(door.close?.()).catch((error) => services.log(`frogbot: channel ${door.instance} did not close cleanly: ${String(error)}`))
    }
  }
}
