import { isToolUIPart, type UIMessage } from 'ai'
import { dismissedText } from '@frogbotai/protocol'
import type { SettleInput } from '../contract/turns.ts'
import { toolNameOf } from '../turns/transcript.ts'

/** Where the reason starts in a text `dismissedText` writes (after the protocol's fixed words). */
const REASON_AT = dismissedText('-').length - 1

/**
 * The reason in a tool error written by the protocol's `dismissedText(reason)`, or `undefined` for
 * any other text: the candidate is written again and compared, so no pattern of the text is kept here.
 */
function dismissalReason(errorText: string): string | undefined {
  const reason = errorText.slice(REASON_AT)
  return reason.length > 0 && dismissedText(reason) === errorText ? reason : undefined
}

/**
 * What a `useChat` resubmission asks to settle (seed: "Answer in the chat UI"): the client tool
 * outputs of the last step of the browser's copy of the assistant message, the outputs of the
 * calls `elicitations` names (MCP tools' requests for input, kind `mcp-elicitation`, answered like
 * a client tool), and the approval responses `addToolApprovalResponse` wrote
 * (docs/agents/approvals.md). Nothing else of the browser's copy is read: the settle door checks
 * each output and decision against its stored call. A tool error is a dismissal (its reason kept
 * when the text carries one).
 */
export function resubmissionInputs(
  message: UIMessage,
  clientTools: ReadonlySet<string>,
  approvalTools: ReadonlySet<string> = new Set(),
  elicitations: ReadonlySet<string> = new Set()
): SettleInput[] {
  const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
  const inputs: SettleInput[] = []
  for (const part of message.parts.slice(stepStart + 1)) {
    if (!isToolUIPart(part)) continue
    if (approvalTools.has(toolNameOf(part))) {
      const approval = part.state === 'approval-responded' ? part.approval : undefined
      if (approval) inputs.push({ toolCallId: part.toolCallId, approved: approval.approved, ...(approval.reason ? { reason: approval.reason } : {}) } as SettleInput)
      continue
    }
    if (!clientTools.has(toolNameOf(part)) && !elicitations.has(part.toolCallId)) continue
    if (part.state === 'output-available') inputs.push({ toolCallId: part.toolCallId, output: part.output })
    if (part.state === 'output-error') {
      const reason = dismissalReason(part.errorText ?? '')
      inputs.push({ toolCallId: part.toolCallId, dismissed: true, ...(reason ? { reason } : {}) })
    }
  }
  return inputs
}
