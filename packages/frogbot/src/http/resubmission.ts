import { isToolUIPart, type UIMessage } from 'ai'
import { DISMISSED_TEXT } from '@frogbotai/protocol'
import type { SettleInput } from '../contract/turns.ts'
import { toolNameOf } from '../turns/transcript.ts'

const DISMISS_REASON = /^Dismissed by the user\. Reason: ([\s\S]+)$/

/**
 * What a `useChat` resubmission asks to settle (seed: "Answer in the chat UI"): the client tool
 * outputs of the last step of the browser's copy of the assistant message. Nothing else of the
 * browser's copy is read: the settle door checks each output against its stored call. A tool error
 * is a dismissal (its reason kept when the text carries one).
 */
export function resubmissionInputs(message: UIMessage, clientTools: ReadonlySet<string>): SettleInput[] {
  const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
  const inputs: SettleInput[] = []
  for (const part of message.parts.slice(stepStart + 1)) {
    if (!isToolUIPart(part) || !clientTools.has(toolNameOf(part))) continue
    if (part.state === 'output-available') inputs.push({ toolCallId: part.toolCallId, output: part.output })
    if (part.state === 'output-error') {
      const reason = DISMISS_REASON.exec(part.errorText ?? '')?.[1]
      inputs.push({ toolCallId: part.toolCallId, dismissed: true, ...(reason && part.errorText?.startsWith(DISMISSED_TEXT) ? { reason } : {}) })
    }
  }
  return inputs
}
