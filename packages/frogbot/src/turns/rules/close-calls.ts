import { isToolUIPart } from 'ai'
import type { SettledBy, Settlement, SettlementOutcome } from '@frogbotai/protocol'
import type { StoredMessage } from '../../store/chat-records.ts'

/**
 * How one call ends: its outcome, who settled it and when, and what its tool part becomes: the
 * `output` of an answer, or the tool error `errorText` of any other outcome.
 */
export type CallClosing = { toolCallId: string; outcome: SettlementOutcome; by: SettledBy; at: string; reason?: string } & (
  | { output: unknown }
  | { errorText: string }
)

/**
 * The message with these calls closed: each tool part gets its output (`output-available`) or its
 * tool error (`output-error`), and each closing is recorded in `settlements` (README: "How a turn runs"). The one
 * place a call is closed with a result. Pure; parts of other calls are left as they are.
 */
export function closeCalls(message: StoredMessage, closings: CallClosing[]): StoredMessage {
  const byId = new Map(closings.map((closing) => [closing.toolCallId, closing]))
  const parts = message.parts.map((part) => {
    if (!isToolUIPart(part)) return part
    const closing = byId.get(part.toolCallId)
    if (!closing) return part
    const { output: _output, errorText: _errorText, ...rest } = part as typeof part & { output?: unknown; errorText?: string }
    const input = rest.input ?? {}
    return ('output' in closing
      ? { ...rest, input, state: 'output-available', output: closing.output }
      : { ...rest, input, state: 'output-error', errorText: closing.errorText }) as unknown as typeof part
  })
  const settlements: Settlement[] = [
    ...message.settlements,
    ...closings.map(({ toolCallId, outcome, by, at, reason }) => ({ toolCallId, outcome, by, at, ...(reason ? { reason } : {}) }))
  ]
  return { ...message, parts, settlements }
}

/** The settlement of a call on its message with the stored tool part (`part`), or `null`. */
export function settlementOf(message: StoredMessage | null, toolCallId: string) {
  const settlement = message?.settlements.findLast((entry) => entry.toolCallId === toolCallId)
  if (!message || !settlement) return null
  const part = message.parts.find((entry) => isToolUIPart(entry) && entry.toolCallId === toolCallId) ?? null
  return { ...settlement, part }
}

/** The stored output of every answered call of these messages (`output-available` tool parts), by `toolCallId`. */
export function answeredOutputs(messages: StoredMessage[]): Map<string, unknown> {
  const outputs = new Map<string, unknown>()
  for (const message of messages) {
    for (const part of message.parts) if (isToolUIPart(part) && part.state === 'output-available') outputs.set(part.toolCallId, part.output)
  }
  return outputs
}
