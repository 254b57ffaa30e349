import type { UIMessage } from 'ai'
import type { Settlement } from '@frogbotai/protocol'
import type { NewCall } from '../../store/chat-records.ts'
import { isoIn, type TurnServices } from '../services.ts'

/**
 * The writes of a running turn, each one commit guarded by the turn's lease (`leaseOwner`): each
 * writes nothing and answers `false` (or `null`) once the turn lost the chat (its lease passed and
 * another process took it over). `position` is where the turn's message goes when it is new.
 */
export type TurnRef = { chatId: string; leaseOwner: string; position: number; settlements: Settlement[] }

/** After a step the loop goes on from: saves the message as far as it got and renews the lease. */
export function saveStep(services: Pick<TurnServices, 'store' | 'now' | 'leaseMs'>, turn: TurnRef, message: UIMessage): Promise<boolean> {
  return services.store.saveStep({ chatId: turn.chatId, leaseOwner: turn.leaseOwner, leaseUntil: isoIn(services, services.leaseMs), write: { message, settlements: turn.settlements, position: turn.position }, now: isoIn(services) })
}

/** A step that ends at client tool calls: its message and its pending calls together (docs/chat/turns.md); the chat `awaiting`. */
export function pauseAtCalls(services: Pick<TurnServices, 'store' | 'now'>, turn: TurnRef, message: UIMessage, calls: NewCall[]): Promise<boolean> {
  return services.store.pauseTurn({ chatId: turn.chatId, leaseOwner: turn.leaseOwner, write: { message, settlements: turn.settlements, position: turn.position }, calls, now: isoIn(services) })
}

/** The end of a turn that does not wait: its message and the chat `idle`; whether messages wait in the queue. */
export function endTurn(services: Pick<TurnServices, 'store' | 'now'>, turn: TurnRef, message: UIMessage | null): Promise<{ queued: boolean } | null> {
  return services.store.endTurn({ chatId: turn.chatId, leaseOwner: turn.leaseOwner, write: message ? { message, settlements: turn.settlements, position: turn.position } : null, now: isoIn(services) })
}
