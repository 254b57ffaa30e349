import { isToolUIPart } from 'ai'
import type { ChatState, PendingCall, SettlementWithPart } from '@frogbotai/protocol'
import type { EngineEvent } from '../../contract/engine-events.ts'
import type { TurnRun } from '../../contract/turns.ts'
import type { ChatRecord, StoredMessage } from '../../store/chat-records.ts'
import { chatSummary } from '../views/chat-summary.ts'
import type { TurnServices } from '../services.ts'

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Tells the engine's listeners what happened (`services.emit`); a listener that throws is logged, never the caller's failure. */
function emit(services: Pick<TurnServices, 'emit' | 'log'>, event: EngineEvent): void {
  try {
    services.emit(event)
  } catch (error) {
    services.log(`frogbot: a listener failed on ${event.type} of chat ${event.chat.id}: ${describe(error)}`)
  }
}

/** The chat as of an event: its record with the state the event left it in. */
const asOf = (services: Pick<TurnServices, 'pieces' | 'now'>, chat: ChatRecord, state: ChatState) => ({ ...chatSummary(services, chat), state })

/**
 * Announces a turn that starts (`turn-started`): each listener may take a copy of its reply stream
 * while it handles the event; the caller gets the run back with its own copy. Its outcome is
 * announced as `turn-ended` once stored (or failed).
 */
export function announceTurn(services: TurnServices, chat: ChatRecord, run: TurnRun): TurnRun {
  let stream = run.stream
  let handling = true
  const replyStream = () => {
    if (!handling) throw new Error('replyStream() gives a copy only while turn-started is handled')
    const [own, copy] = stream.tee()
    stream = own
    return copy
  }
  emit(services, { type: 'turn-started', chat: asOf(services, chat, 'running'), replyStream })
  handling = false
  run.result.then(
    (result) => emit(services, { type: 'turn-ended', chat: asOf(services, chat, result.status === 'awaiting-input' ? 'awaiting' : 'idle'), result }),
    (error: unknown) => emit(services, { type: 'turn-ended', chat: asOf(services, chat, 'idle'), error: error instanceof Error ? error : new Error(describe(error)) })
  )
  return { stream, result: run.result }
}

/** Announces that a turn stopped at client tool calls, stored as `pending` (`calls-waiting`). */
export function announceWaiting(services: TurnServices, chat: ChatRecord, pending: PendingCall[]): void {
  emit(services, { type: 'calls-waiting', chat: asOf(services, chat, 'awaiting'), ownerId: chat.ownerId, pending })
}

/** Announces that calls of `message` ended (`calls-settled`), each with its stored settlement and part; the chat is now `state`. */
export function announceSettled(services: TurnServices, chat: ChatRecord, state: ChatState, message: StoredMessage, toolCallIds: string[]): void {
  const settlements: SettlementWithPart[] = toolCallIds.flatMap((toolCallId) => {
    const settlement = message.settlements.findLast((entry) => entry.toolCallId === toolCallId)
    const part = message.parts.find((entry) => isToolUIPart(entry) && entry.toolCallId === toolCallId) ?? null
    return settlement ? [{ ...settlement, part }] : []
  })
  if (settlements.length > 0) emit(services, { type: 'calls-settled', chat: asOf(services, chat, state), settlements })
}
