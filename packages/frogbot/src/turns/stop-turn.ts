import type { Caller } from '../contract/caller.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { CANCELLED_BY_STOP_TEXT } from '@frogbotai/protocol'
import type { ChatRecord, StoredMessage } from '../store/chat-records.ts'
import { announceSettled } from './run/turn-events.ts'
import { checkChat, settledByOf } from './chat-access.ts'
import { effectiveState } from '../store/effective-state.ts'
import { closeCalls } from './rules/close-calls.ts'
import { isoIn, runMessageOf, type TurnServices } from './services.ts'

/**
 * What a Stop is for: the turn of the assistant message it names (`messageId`: whatever that turn
 * is doing when the Stop writes, running or waiting), else what was current when the Stop arrived:
 * the running turn (its lease owner, one per run) or the calls then waiting. `null`: nothing ran or
 * waited, or the run was not that message's.
 */
type StopTarget = { messageId: string } | { leaseOwner: string | null } | { pendingCallIds: Set<string> } | null

function stopTargetOf(chat: ChatRecord, pendingIds: string[], now: string, messageId?: string): StopTarget {
  const state = effectiveState(chat, now)
  if (messageId !== undefined) return state === 'running' || state === 'awaiting' ? { messageId } : null
  if (state === 'running') return { leaseOwner: chat.leaseOwner }
  if (state === 'awaiting') return { pendingCallIds: new Set(pendingIds) }
  return null
}

/**
 * Whether the run holding a chat under `leaseOwner` writes message `messageId`. A lease owner that
 * names no message (an older FrogBot's run, during a deploy) is taken to: the Stop acts as one that
 * names none, and its user is not left unable to stop that run.
 */
function runsMessage(leaseOwner: string | null, messageId: string): boolean {
  const running = leaseOwner === null ? null : runMessageOf(leaseOwner)
  return running === null || running === messageId
}

/**
 * Stop (docs/chat/turns.md), as `req`, once the chat is usable again. A Stop acts only on what was
 * current when it read the chat (with its pending calls, in one statement), and checks under the
 * chat's lock that it still is (a compare-and-set, in any process): two Stops read together stop
 * once. `messageId` names the turn the Stop is for, by its assistant message (the client's view,
 * docs/chat/turns.md), instead: whatever that turn does when the Stop writes (asking, or running a
 * continuation an answer started in between) is stopped; when the turn running or waiting is not
 * that message's (the Stop is read only after the queued message's turn started), it stops nothing.
 * Without it a Stop read that late is a Stop of that turn.
 * - a chat waiting for input has its pending calls cancelled (outcome `cancelled`, tool error
 *   `Cancelled because the user stopped the turn.`, recorded as settled by `req`): a chat is never
 *   stuck behind a call nobody may answer; the model is not called. Only while every call still
 *   waiting was waiting when the Stop arrived (some may have been answered since), and is a call
 *   of message `messageId` when it is given;
 * - a running turn is aborted, at once in this process, otherwise within about a second by the
 *   process that runs it (it polls while renewing its lease); what was generated is kept. Only
 *   while the run that held the chat when the Stop arrived still holds it, and writes message
 *   `messageId` when it is given (its lease owner names the message). When no process reacts
 *   within `graceMs` (its process died), the chat is released without waiting for the lease to pass.
 * Either way the chat becomes `idle` and its next queued message starts. Returns `false` when
 * nothing was running or waiting, or what was is over (ended, answered or stopped already), or is
 * not message `messageId`'s. Throws `bad-request` for an empty `messageId`, and the write checks of
 * `checkChat`.
 */
export async function stopTurn(
  services: TurnServices,
  {
    chatId,
    agentSlug,
    req,
    messageId,
    graceMs = 3000
  }: { chatId: string; agentSlug?: string; req: Caller; messageId?: string; graceMs?: number }
): Promise<boolean> {
  if (messageId === '') throw new FrogbotError('bad-request', 'messageId: must not be empty')
  const { store } = services
  const arrived = await store.getChatAndPendingIds(chatId)
  await checkChat(services, { chat: arrived?.chat ?? null, chatId, agentSlug, req, write: true })
  const { chat, pendingCallIds } = arrived!
  const target = stopTargetOf(chat, pendingCallIds, isoIn(services), messageId)
  if (!target) return false
  const by = settledByOf(req)
  const seen = await store.withChat(
    chat.id,
    async (tx) => {
      const state = effectiveState(tx.chat, tx.now)
      const leaseOwner = tx.chat.leaseOwner
      const named = 'messageId' in target ? target.messageId : undefined
      // The run the Stop is for: the named message's (a continuation after an approval included), or the one it saw.
      const runs = named !== undefined ? runsMessage(leaseOwner, named) : 'leaseOwner' in target && leaseOwner === target.leaseOwner
      if (state === 'running' && runs) {
        await tx.updateChat({ stopRequestedAt: tx.now })
        return { state, leaseOwner }
      }
      // What the Stop was for is over (or nothing runs): it stops nothing else.
      if (state !== 'awaiting' || 'leaseOwner' in target) return null
      const pending = await tx.pendingCalls()
      // The calls waiting now are the named message's, or were all waiting when the Stop arrived.
      const waits = (call: { toolCallId: string; messageId: string }) =>
        'pendingCallIds' in target ? target.pendingCallIds.has(call.toolCallId) : call.messageId === named
      if (!pending.every(waits)) return null
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
  if (!seen) return false
  if (seen.state === 'awaiting') {
    for (const message of seen.cancelled ?? []) {
      announceSettled(services, chat, 'idle', message, (seen.pending ?? []).filter((call) => call.messageId === message.id).map((call) => call.toolCallId))
    }
    await services.kickQueue(chat.id)
    return true
  }
  if (seen.leaseOwner) services.activeRuns.get(seen.leaseOwner)?.abort()
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
