import type { ChatSummary, PendingCall, SettlementWithPart } from '@frogbotai/protocol'
import type { Participant } from '../../contract/participant.ts'
import type { PieceNotice } from '../piece-notices.ts'
import type { QuestionCard } from '../question-cards.ts'
import type { PartialAnswer } from './partial-answers.ts'

/**
 * What a piece draws on its platform; the runtime decides when (FrogBot's piece contract: the
 * piece draws and reads platform controls, the core keeps the record). Each may throw; the
 * runtime logs it and tries again where it can.
 * - `reply`: posts the agent's reply in `thread` as `text` streams in (editing one message, or one
 *   per step) and resolves once it is posted whole; `text` may be empty (a step that only asks).
 * - `drawCall`: posts the controls of one waiting call; returns the ids of the messages that carry
 *   them, in the piece's own format, unique in the instance (Chat SDK's `Message.id`, so that a
 *   reply to one of them is known as addressed to the question), to read clicks on them later.
 *   `facts`: the lines the card shows of the call besides its questions (who is asked, the
 *   escalation, the expiry: the kit's `cardFacts`, as of drawing), each drawn as it is; kept in
 *   the card record for redraws (`card.facts`).
 * - `drawSettled`: replaces the controls on every message of a call that ended (answered,
 *   dismissed, cancelled, expired) with what became of it and who did it; where the platform
 *   cannot edit, posts a short note instead.
 * - `notify`: tells one participant (see {@link PieceNotice}): privately where the platform can,
 *   else in a short reply that mentions them.
 * - `drawPartial` (optional): redraws a card whose partial answer changed without the piece's
 *   own click (a typed answer captured for one question of several), or after a press where the
 *   piece gives no `redraw` hook; `previous`: the partial answer before the change, where the kit
 *   read it (so a piece can tell that the question shown changed).
 * - `approvals` (optional): how calls waiting for approval are drawn ({@link ApprovalDrawing}); a
 *   piece that draws them also says so in `supportsKind('approval')`.
 */
export type PieceDrawing = {
  reply: (options: { chat: ChatSummary; thread: string; text: AsyncIterable<string> }) => Promise<void>
  drawCall: (options: { chat: ChatSummary; thread: string; call: PendingCall; facts: string[] }) => Promise<string[]>
  drawSettled: (options: { chat: ChatSummary; card: QuestionCard; settlement: SettlementWithPart }) => Promise<void>
  notify: (options: { thread: string; participant: Participant; notice: PieceNotice }) => Promise<void>
  drawPartial?: (options: { card: QuestionCard; partial: PartialAnswer; previous?: PartialAnswer }) => Promise<void>
  approvals?: ApprovalDrawing
}

/**
 * How a piece draws calls waiting for approval (docs/agents/approvals.md, "In the pieces"), from
 * the kit's model (`approvalCard`, `settledApproval`):
 * - `draw`: posts the card of a waiting approval (Approve, Deny, Edit where the platform has a
 *   form); returns the ids of the messages that carry it, as `drawCall` does; its facts (who is
 *   asked, the escalation, the expiry) are the kit's `approvalCard(call).facts`;
 * - `drawSettled`: replaces the card of an approval that ended with the decision, who, the reason,
 *   what was edited (or posts a short note where the platform cannot edit);
 * - `drawVotes` (optional): redraws a waiting card whose quorum gained a vote (`call` as it is now:
 *   "1 of 2 approvals").
 */
export type ApprovalDrawing = {
  draw: (options: { chat: ChatSummary; thread: string; call: PendingCall }) => Promise<string[]>
  drawSettled: (options: { chat: ChatSummary; card: QuestionCard; settlement: SettlementWithPart }) => Promise<void>
  drawVotes?: (options: { card: QuestionCard; call: PendingCall }) => Promise<void>
}

/** A text that streams as one piece: for `reply` with a whole message (a failure notice). */
export const oneText = (text: string): AsyncIterable<string> =>
  (async function* () {
    yield text
  })()
