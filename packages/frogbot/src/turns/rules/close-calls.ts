import { isToolUIPart } from 'ai'
import type { ApprovalVote, SettledBy, Settlement, SettlementOutcome } from '@frogbotai/protocol'
import type { StoredMessage } from '../../store/chat-records.ts'

/**
 * How one call ends: its outcome, who settled it and when, and what its tool part becomes: the
 * `output` of an answer, the tool error `errorText` of a dismissal, a cancellation or an expiry,
 * or an approval's decision (`approval`: the tool then runs, or its call is denied). An approval
 * records the edited `input` it ran with and the `votes` of a quorum.
 */
export type CallClosing = { toolCallId: string; outcome: SettlementOutcome; by: SettledBy; at: string; reason?: string; input?: unknown; votes?: ApprovalVote[] } & (
  | { output: unknown }
  | { errorText: string }
  | { approval: { approved: boolean } }
)

/** The tool part of a call after `closing` (see {@link closeCalls}). */
function closedPart<P extends { input?: unknown; approval?: { id: string } }>(part: P, closing: CallClosing): P {
  const { output: _output, errorText: _errorText, ...rest } = part as P & { output?: unknown; errorText?: string }
  const input = rest.input ?? {}
  if ('output' in closing) return { ...rest, input, state: 'output-available', output: closing.output } as unknown as P
  if ('errorText' in closing) return { ...rest, input, state: 'output-error', errorText: closing.errorText } as unknown as P
  // An approval keeps the AI SDK's own states, so `useChat` shows it as its `addToolApprovalResponse` would.
  const approval = { id: rest.approval?.id ?? closing.toolCallId, approved: closing.approval.approved, ...(closing.reason ? { reason: closing.reason } : {}) }
  return { ...rest, input, state: closing.approval.approved ? 'approval-responded' : 'output-denied', approval } as unknown as P
}

/**
 * The message with these calls closed: each tool part gets its output (`output-available`), its
 * tool error (`output-error`), or an approval's decision (`approval-responded` for a yes, whose
 * tool then runs in the continuation; `output-denied` for a no), and each closing is recorded in
 * `settlements` (docs/chat/turns.md). The one place a call is closed. Pure; parts of other
 * calls are left as they are.
 */
export function closeCalls(message: StoredMessage, closings: CallClosing[]): StoredMessage {
  const byId = new Map(closings.map((closing) => [closing.toolCallId, closing]))
  const parts = message.parts.map((part) => {
    if (!isToolUIPart(part)) return part
    const closing = byId.get(part.toolCallId)
    return closing ? closedPart(part, closing) : part
  })
  const settlements: Settlement[] = [
    ...message.settlements,
    ...closings.map(({ toolCallId, outcome, by, at, reason, input, votes }) => ({
      toolCallId,
      outcome,
      by,
      at,
      ...(reason ? { reason } : {}),
      ...(input !== undefined ? { input } : {}),
      ...(votes ? { votes } : {})
    }))
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
