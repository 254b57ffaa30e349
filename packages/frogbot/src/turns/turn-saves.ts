import type { UIMessage } from 'ai'
import type { Settlement } from '../protocol/settlement.ts'
import type { NewCall } from '../store/chat-records.ts'
import { isoIn, type TurnServices } from './services.ts'

/**
 * The writes of a running turn, each one transaction under the chat's lock that first checks the
 * turn still holds the chat (`leaseOwner`); each returns `false`, writing nothing, when it does not
 * (its lease passed and another process took the chat over).
 */
type TurnRef = { chatId: string; leaseOwner: string; newId: (prefix: string) => string }

const holds = (chat: { state: string; leaseOwner: string | null }, leaseOwner: string) => chat.state === 'running' && chat.leaseOwner === leaseOwner

/** After a step: saves the assistant message as far as it got and renews the lease. */
export async function saveStep(services: Pick<TurnServices, 'store' | 'now' | 'leaseMs'>, turn: TurnRef, message: UIMessage, settlements: Settlement[]): Promise<boolean> {
  const saved = await services.store.withChat(
    turn.chatId,
    async (tx) => {
      if (!holds(tx.chat, turn.leaseOwner)) return false
      await tx.saveMessage({ ...message, settlements }, () => turn.newId('msg'))
      await tx.updateChat({ leaseUntil: isoIn(services, services.leaseMs) })
      return true
    },
    { now: isoIn(services) }
  )
  return saved === true
}

/**
 * A step that ends at client tool calls: its parts and its pending calls are saved in one
 * transaction (SPEC §4: a crash never leaves one without the other) and the chat becomes `awaiting`.
 */
export async function pauseAtCalls(services: Pick<TurnServices, 'store' | 'now'>, turn: TurnRef, message: UIMessage, settlements: Settlement[], calls: NewCall[]): Promise<boolean> {
  const paused = await services.store.withChat(
    turn.chatId,
    async (tx) => {
      if (!holds(tx.chat, turn.leaseOwner)) return false
      await tx.saveMessage({ ...message, settlements }, () => turn.newId('msg'))
      await tx.insertCalls(calls)
      await tx.updateChat({ state: 'awaiting', leaseOwner: null, leaseUntil: null, stopRequestedAt: null })
      return true
    },
    { now: isoIn(services) }
  )
  return paused === true
}

/**
 * The end of a turn that does not wait: saves the assistant message (when there is one) and leaves
 * the chat `idle`. Returns whether messages wait in the queue, or `null` when the turn lost the chat.
 */
export async function endTurn(services: Pick<TurnServices, 'store' | 'now'>, turn: TurnRef, message: UIMessage | null, settlements: Settlement[]): Promise<{ queued: boolean } | null> {
  return services.store.withChat(
    turn.chatId,
    async (tx) => {
      if (!holds(tx.chat, turn.leaseOwner)) return null
      if (message) await tx.saveMessage({ ...message, settlements }, () => turn.newId('msg'))
      await tx.updateChat({ state: 'idle', leaseOwner: null, leaseUntil: null, stopRequestedAt: null })
      return { queued: (await tx.queueSize()) > 0 }
    },
    { now: isoIn(services) }
  )
}
