import type { FrogbotUIMessage } from '@frogbotai/protocol'
import type { ChatRead } from '../chat-adapter.ts'
import { type AnyToolPart, isToolPart } from '../tool-parts.ts'

type Part = FrogbotUIMessage['parts'][number]

const callIdOf = (part: Part) => ('toolCallId' in part ? part.toolCallId : undefined)

/** `messages` with `change` applied to every tool part whose call is in `toolCallIds`. */
function mapCalls(messages: FrogbotUIMessage[], toolCallIds: ReadonlySet<string>, change: (part: Part) => Part): FrogbotUIMessage[] {
  return messages.map((message) =>
    message.parts.some((part) => toolCallIds.has(callIdOf(part) ?? '')) ? { ...message, parts: message.parts.map((part) => (toolCallIds.has(callIdOf(part) ?? '') ? change(part) : part)) } : message
  )
}

/**
 * An answer given in this tab, as it changes its call's part: a client tool's `output`
 * (`output-available`), or a decision on a call waiting for approval (`approval-responded`, as the
 * AI SDK's `addToolApprovalResponse` leaves it).
 */
export type GivenAnswer = { output: unknown } | { approval: { approved: boolean; reason?: string } }

/** `messages` with the waiting parts of the calls of `answers` answered with them, as `addToolOutput` and `addToolApprovalResponse` leave them. */
export function answerCalls(messages: FrogbotUIMessage[], answers: ReadonlyMap<string, GivenAnswer>): FrogbotUIMessage[] {
  return mapCalls(messages, new Set(answers.keys()), (part) => {
    const tool = part as AnyToolPart & { approval?: { id: string } }
    const answer = answers.get(tool.toolCallId)!
    if (tool.state === 'input-available' && 'output' in answer) return { ...part, state: 'output-available', output: answer.output } as unknown as Part
    if (tool.state === 'approval-requested' && 'approval' in answer) {
      const { approved, reason } = answer.approval
      return { ...part, state: 'approval-responded', approval: { ...tool.approval, approved, ...(reason ? { reason } : {}) } } as unknown as Part
    }
    return part
  })
}

/** The answers given to the calls `toolCallIds` in `messages` (`output-available` and `approval-responded` parts), by call. */
export function answersOf(messages: readonly FrogbotUIMessage[], toolCallIds: readonly string[]): Map<string, GivenAnswer> {
  const answers = new Map<string, GivenAnswer>()
  for (const message of messages) {
    for (const part of message.parts as readonly { type: string }[]) {
      const tool = part as AnyToolPart & { approval?: { approved?: boolean; reason?: string } }
      if (!isToolPart(part) || !toolCallIds.includes(tool.toolCallId)) continue
      if (tool.state === 'output-available') answers.set(tool.toolCallId, { output: tool.output })
      if (tool.state === 'approval-responded' && typeof tool.approval?.approved === 'boolean') {
        answers.set(tool.toolCallId, { approval: { approved: tool.approval.approved, ...(tool.approval.reason ? { reason: tool.approval.reason } : {}) } })
      }
    }
  }
  return answers
}

/** `messages` with the tool part of `patch`'s call replaced by `patch` (the server's copy of it). */
export function patchCall(messages: FrogbotUIMessage[], patch: AnyToolPart): FrogbotUIMessage[] {
  return mapCalls(messages, new Set([patch.toolCallId]), () => patch as Part)
}

/** The messages of a chat read as the AI SDK `Chat` holds them: without FrogBot's `settlements`. */
export function uiMessagesOf(read: ChatRead): FrogbotUIMessage[] {
  return read.messages.map(({ settlements: _settlements, ...message }) => message as FrogbotUIMessage)
}
