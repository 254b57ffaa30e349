import type { Caller } from '../contract/caller.ts'
import { CANCELLED_BY_STOP_TEXT } from '@frogbotai/protocol'
import type { StoredMessage } from '../store/chat-records.ts'
import { announceSettled } from './run/turn-events.ts'
import { chatFor, settledByOf } from './chat-access.ts'
import { effectiveState } from '../store/effective-state.ts'
import { closeCalls } from './rules/close-calls.ts'
import { isoIn, type TurnServices } from './services.ts'

/**
 * Stop (docs/chat/turns.md), as `req`, once the chat is usable again:
 * - a chat waiting for input has its pending calls cancelled (outcome `cancelled`, tool error
 *   `Cancelled because the user stopped the turn.`, recorded as settled by `req`): a chat is never
 *   stuck behind a call nobody may answer; the model is not called;
 * - a running turn is aborted, at once in this process, otherwise within about a second by the
 *   process that runs it (it polls while renewing its lease); what was generated is kept. When no
 *   process reacts within `graceMs` (its process died), the chat is released without waiting for
 *   the lease to pass.
 * Either way the chat becomes `idle` and its next queued message starts. Returns `false` when
 * nothing was running or waiting. Throws the write checks of `chatFor`.
 */
export async function stopTurn(
  services: TurnServices,
  { chatId, agentSlug, req, graceMs = 3000 }: { chatId: string; agentSlug?: string; req: Caller; graceMs?: number }
): Promise<boolean> {
  const { store } = services
  const { chat } = await chatFor(services, { chatId, agentSlug, req, write: true })
  const by = settledByOf(req)
  const seen = await store.withChat(
    chat.id,
    async (tx) => {
      const state = effectiveState(tx.chat, tx.now)
      if (state === 'running') {
        await tx.updateChat({ stopRequestedAt: tx.now })
        return { state, leaseOwner: tx.chat.leaseOwner }
      }
      if (state !== 'awaiting') return { state }
      const pending = await tx.pendingCalls()
      const cancelled: StoredMessage[] = []
      for (const messageId of new Set(pending.map((call) => call.messageId))) {
        const message = await tx.message(messageId)
        const closings = pending
          .filter((call) => call.messageId === messageId)
          .map((call) => ({ toolCallId: call.toolCallId, outcome: 'cancelled' as const, by, at: tx.now, errorText: CANCELLED_BY_STOP_TEXT }))
        if (message) cancelled.push(closeCalls(message, closings))
      }
      for (const message of cancelled) await tx.saveMessage(message, () => services.newId('msg'))
      await tx.settleCalls(pending.map((call) => ({ toolCallId: call.toolCallId, status: 'cancelled' as const })))
      await tx.updateChat({ state: 'idle', leaseOwner: null, leaseUntil: null, stopRequestedAt: null })
      return { state, cancelled, pending }
    },
    { now: isoIn(services) }
  )
  if (!seen || seen.state === 'idle') return false
  if (seen.state === 'awaiting') {
    for (const message of seen.cancelled ?? []) {
      announceSettled(services, chat, 'idle', message, (seen.pending ?? []).filter((call) => call.messageId === message.id).map((call) => call.toolCallId))
    }
    await services.kickQueue(chat.id)
    return true
  }
  services.activeRuns.get(chat.id)?.abort()
  const deadline = Date.now() + graceMs
  for (;;) {
    const current = await store.getChat(chat.id)
    if (!current || current.state !== 'running' || current.leaseOwner !== seen.leaseOwner) return true
    if (Date.now() >= deadline) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const released = await store.withChat(
    chat.id,
    async (tx) => {
      if (tx.chat.state !== 'running' || tx.chat.leaseOwner !== seen.leaseOwner || !tx.chat.stopRequestedAt) return false
      await tx.updateChat({ state: 'idle', leaseOwner: null, leaseUntil: null, stopRequestedAt: null })
      return true
    },
    { now: isoIn(services) }
  )
  if (released) await services.kickQueue(chat.id)
  return true
}
