import { APPROVAL_CONTROLS, approvalButton, approvalCard, type ApprovalDrawing, type NameOf, noticeText, type Participant, type PieceRuntime, settledAnswer, settledApproval, settledApprovalText } from 'frogbot/channels'
import type { PendingCall } from 'frogbot/protocol'
import { cardTag, MESSAGE_MAX } from './question-keyboard.ts'
import type { Press } from './telegram-inbound.ts'
import { mentioning, type TelegramDrawing, withinMessage } from './telegram-drawing.ts'

/** The `callback_data` of an approval card's buttons: `fbap:<card tag>:<a|d|e>` (well within Telegram's 64 bytes). */
const PREFIX = 'fbap:'
const PRESSES = { a: 'approve', d: 'deny', e: 'edit' } as const

/** The message of a waiting approval: the kit's card as plain text, how to decide by typing, and Approve, Deny, Edit as an inline keyboard. */
export function approvalMessage(call: Pick<PendingCall, 'toolCallId' | 'toolName' | 'input' | 'quorum' | 'expiresAt'>, chatId: string) {
  const model = approvalCard(call)
  const tag = cardTag({ chatId, toolCallId: call.toolCallId })
  const button = (text: string, press: keyof typeof PRESSES) => ({ text, callback_data: `${PREFIX}${tag}:${press}` })
  return {
    text: withinMessage(`${model.text}\n${model.hint}`.slice(0, MESSAGE_MAX)),
    reply_markup: { inline_keyboard: [[button(`✅ ${APPROVAL_CONTROLS.approve}`, 'a'), button(`✖️ ${APPROVAL_CONTROLS.deny}`, 'd')], [button(`✏️ ${APPROVAL_CONTROLS.edit}`, 'e')]] }
  }
}

/**
 * Telegram's approvals: the card as a message with an inline keyboard, edited to the decision
 * (the keyboard removed) or to the quorum's count; a press of Approve or Deny settles through the
 * runtime (told in the press's acknowledgement, Telegram's private notice); Edit has no form in
 * Telegram, so it posts, naming the presser, the input as JSON to send back as `/approve {…}`
 * (a typed reply the kit reads, as it reads `/deny <reason>`).
 */
export function telegramApprovals({ runtime, drawing, nameOf, participantOf }: { runtime: PieceRuntime; drawing: TelegramDrawing; nameOf: NameOf; participantOf: (user: Press['from']) => Participant }) {
  const approvals: ApprovalDrawing = {
    draw: async ({ chat, thread, call }) => [await drawing.send(thread, approvalMessage(call, chat.id))],
    drawSettled: ({ card, settlement }) =>
      drawing.edit(card.messageIds, { text: withinMessage(settledApprovalText(card.toolName, settledApproval(settlement, card.input, nameOf, { errorText: settledAnswer(settlement).errorText }))) }),
    drawVotes: ({ card, call }) => drawing.edit(card.messageIds, approvalMessage(call, card.chatId))
  }

  /** A press on an approval card: the acknowledgement's text (or `null`), or `undefined` when the press is not an approval's. */
  const press = async ({ thread, messageId, from, data }: Press): Promise<string | null | undefined> => {
    if (!data.startsWith(PREFIX)) return undefined
    const [tag, key] = data.slice(PREFIX.length).split(':')
    const participant = participantOf(from)
    const card = await runtime.cards.ofMessage(messageId)
    if (!card || cardTag(card) !== tag || !(key in PRESSES)) return noticeText({ kind: 'closed' }, nameOf)
    const notice = await approvalButton(runtime, { card, messageId, participant, button: PRESSES[key as keyof typeof PRESSES] }, (json) =>
      drawing.send(thread, mentioning(participant, `to approve with changes, send /approve followed by the input as JSON, changed as you need:\n/approve ${json}`))
    )
    return notice ? noticeText(notice, nameOf) : null
  }

  return { approvals, press }
}
