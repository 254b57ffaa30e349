import type { ReplyReading } from './answers/numbered-answers.ts'
import type { PieceNotice } from './piece-notices.ts'
import type { PieceAction } from './runtime/card-answers.ts'

/** What a participant's press, form or reply on a card comes to: the action to settle with, or a notice. */
export type ReadAction = { action: PieceAction } | { notice: PieceNotice }

/**
 * A {@link ReplyReading} (what the kit's readers, or a piece's reader of a submitted form, made of
 * what a participant sent for a card's questions) as what to do: `answer` is the action
 * `{ output }` and `dismiss` the action `{ dismissed: true }` (with its `reason` where it has one),
 * to hand to `runtime.answer`; `invalid` is the notice that tells the participant why (its
 * `message`, and the index of its `question` where it has one); `none` (nothing for the card) is
 * `null`.
 */
export function readingAction(reading: ReplyReading): ReadAction | null {
  if (reading.kind === 'none') return null
  if (reading.kind === 'invalid') {
    const { message, question } = reading
    return { notice: { kind: 'invalid', message, ...(question !== undefined ? { question } : {}) } }
  }
  if (reading.kind === 'answer') return { action: { output: reading.output } }
  return { action: { dismissed: true, ...(reading.reason ? { reason: reading.reason } : {}) } }
}
