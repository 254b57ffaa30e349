import { APPROVAL_CONTROLS, type ApprovalButton, approvalCard, cardTag } from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { approvalData, withinMessage } from './question-keyboard.ts'

/** The message of a waiting approval: the kit's card as plain text, how to decide by typing, and Approve, Deny and (where one approval settles the call) Edit as an inline keyboard. */
export function approvalMessage(call: Pick<PendingCall, 'toolCallId' | 'toolName' | 'input' | 'quorum' | 'expiresAt'>, chatId: string) {
  const model = approvalCard(call)
  const tag = cardTag({ chatId, toolCallId: call.toolCallId })
  // `callback_data`: `fbap:<card tag>:<a|d|e>` (`approvalData`, well within Telegram's 64 bytes).
  const button = (mark: string, press: ApprovalButton) =>
    ({ text: `${mark} ${APPROVAL_CONTROLS[press]}`, callback_data: approvalData(tag, press) })
  const editable = model.editable ? [[button('✏️', 'edit')]] : []
  return {
    text: withinMessage(`${model.text}\n${model.hint}`),
    reply_markup: { inline_keyboard: [[button('✅', 'approve'), button('✖️', 'deny')], ...editable] }
  }
}
