import { approvalAnswer } from './approval-cards.ts'
import type { Participant } from '../contract/participant.ts'
import type { PieceNotice } from './piece-notices.ts'
import type { QuestionCard } from './question-cards.ts'
import type { PieceRuntime } from './runtime/piece-runtime.ts'

/** A button of an approval card (the kit's `APPROVAL_CONTROLS`): Approve, Deny, or Edit. */
export type ApprovalButton = 'approve' | 'deny' | 'edit'

/**
 * A press of an approval card's button, on a platform whose cards have no form to edit the input
 * in (Telegram, Discord): **Approve** and **Deny** settle the call through the settle door
 * (`runtime.answer`, which counts a quorum's votes); **Edit**, once the presser may answer
 * (`runtime.mayAnswer`), calls `editHint(json)` with the call's input as JSON for the piece to
 * post, telling the presser to send it back changed as `/approve {…}` (the typed reply the kit
 * reads). A card that is not an approval's is `closed`. Resolves the notice to tell the presser,
 * or `null`.
 */
export async function approvalButton(
  runtime: Pick<PieceRuntime, 'answer' | 'mayAnswer'>,
  { card, messageId, participant, button }: { card: QuestionCard; messageId: string; participant: Participant; button: ApprovalButton },
  editHint: (json: string) => Promise<unknown>
): Promise<PieceNotice | null> {
  if (card.kind !== 'approval') return { kind: 'closed' }
  if (button !== 'edit') return runtime.answer({ card, messageId, participant, action: approvalAnswer({ kind: button }) })
  const refused = await runtime.mayAnswer({ card, messageId, participant })
  if (refused) return refused
  await editHint(JSON.stringify(card.input))
  return null
}
