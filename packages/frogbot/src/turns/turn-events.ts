import type { PendingCall } from '@frogbotai/protocol'
import type { TurnServices } from './services.ts'

/** What `onAwaitingInput` receives: the chat that now waits and its pending calls. */
export type AwaitingInputEvent = { chatId: string; agentSlug: string; ownerId: string | null; pending: PendingCall[] }

/**
 * Runs the config's `onAwaitingInput` hook (SPEC §11) without holding up the turn; an error it
 * throws is logged, never the turn's failure.
 */
export function notifyAwaitingInput(services: Pick<TurnServices, 'onAwaitingInput' | 'log'>, event: AwaitingInputEvent): void {
  const hook = services.onAwaitingInput
  if (!hook) return
  Promise.resolve()
    .then(() => hook(event))
    .catch((error) => services.log(`frogbot: onAwaitingInput failed for chat ${event.chatId}: ${error instanceof Error ? error.message : String(error)}`))
}
