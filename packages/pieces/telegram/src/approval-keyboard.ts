import {
  APPROVAL_CONTROLS,
  type ApprovalDrawing,
  type ApprovalPress,
  approvalAnswer,
  approvalCard,
  type NameOf,
  noticeText,
  type Participant,
  type PieceRuntime,
  settledAnswer,
  settledApproval,
  settledApprovalText
} from 'frogbot/channels'
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
  const edit = async (ids: string[], payload: Record<string, unknown>) => {
    for (const id of ids) await drawing.edit(id, payload)
  }
  const approvals: ApprovalDrawing = {
    draw: async ({ chat, thread, call }) => {
      const message = approvalMessage(call, chat.id)
      return [await drawing.send(thread, { text: message.text }, { reply_markup: message.reply_markup })]
    },
    drawSettled: ({ card, settlement }) =>
      edit(card.messageIds, { text: withinMessage(settledApprovalText(card.toolName, settledApproval(settlement, card.input, nameOf, { errorText: settledAnswer(settlement).errorText }))) }),
    drawVotes: ({ card, call }) => edit(card.messageIds, approvalMessage(call, card.chatId))
  }

  /** A press on an approval card: the acknowledgement's text (or `null`), or `undefined` when the press is not an approval's. */
  const press = async ({ thread, messageId, from, data }: Press): Promise<string | null | undefined> => {
    if (!data.startsWith(PREFIX)) return undefined
    const [tag, key] = data.slice(PREFIX.length).split(':')
    const participant = participantOf(from)
    const card = await runtime.cards.ofMessage(messageId)
    if (!card || card.kind !== 'approval' || cardTag(card) !== tag || !(key in PRESSES)) return noticeText({ kind: 'closed' }, nameOf)
    const kind = PRESSES[key as keyof typeof PRESSES]
    if (kind === 'edit') {
      const refused = await runtime.mayAnswer({ card, messageId, participant })
      if (refused) return noticeText(refused, nameOf)
      const json = JSON.stringify(card.input)
      await drawing.send(thread, mentioning(participant, `to approve with changes, send /approve followed by the input as JSON, changed as you need:\n/approve ${json}`))
      return null
    }
    const decision: ApprovalPress = kind === 'approve' ? { kind: 'approve' } : { kind: 'deny' }
    const notice = await runtime.answer({ card, messageId, participant, action: approvalAnswer(decision) })
    return notice ? noticeText(notice, nameOf) : null
  }

  return { approvals, press }
}
