import { APPROVAL_CONTROLS, type ApprovalButton, approvalCard } from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { cardTag, withinMessage } from './question-keyboard.ts'

/** The `callback_data` of an approval card's buttons: `fbap:<card tag>:<a|d|e>` (well within Telegram's 64 bytes). */
const PREFIX = 'fbap:'
const PRESSES = { a: 'approve', d: 'deny', e: 'edit' } as const

/** The message of a waiting approval: the kit's card as plain text, how to decide by typing, and Approve, Deny and (where one approval settles the call) Edit as an inline keyboard. */
export function approvalMessage(call: Pick<PendingCall, 'toolCallId' | 'toolName' | 'input' | 'quorum' | 'expiresAt'>, chatId: string) {
  const model = approvalCard(call)
  const tag = cardTag({ chatId, toolCallId: call.toolCallId })
  const button = (text: string, press: keyof typeof PRESSES) => ({ text, callback_data: `${PREFIX}${tag}:${press}` })
  return {
    text: withinMessage(`${model.text}\n${model.hint}`),
    reply_markup: { inline_keyboard: [[button(`✅ ${APPROVAL_CONTROLS.approve}`, 'a'), button(`✖️ ${APPROVAL_CONTROLS.deny}`, 'd')], ...(model.editable ? [[button(`✏️ ${APPROVAL_CONTROLS.edit}`, 'e')]] : [])] }
  }
}

/**
 * An approval button's `callback_data` read back (`fbap:<card tag>:<a|d|e>`): the tag of its card
 * and its button, or `null` when the data is not an approval's (or names no button).
 */
export function approvalPressOf(data: string): { card: string; button: ApprovalButton } | null {
  if (!data.startsWith(PREFIX)) return null
  const [tag, key] = data.slice(PREFIX.length).split(':')
  return Object.hasOwn(PRESSES, key) ? { card: tag, button: PRESSES[key as keyof typeof PRESSES] } : null
}
