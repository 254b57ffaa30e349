import type { AwaitingInputEvent } from '../contract/engine-events.ts'
import type { TurnServices } from './services.ts'

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
