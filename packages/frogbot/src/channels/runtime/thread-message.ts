import type { Participant } from '../../contract/participant.ts'
import type { SettleAnswer } from '../../contract/turns.ts'
import type { PieceNotice } from '../piece-notices.ts'
import type { QuestionCard } from '../question-cards.ts'
import type { PartialAnswer } from './partial-answers.ts'

/** A participant's message in a thread, as the runtime reads it for answers. `replyTo`: the platform message it replies to. */
export type ThreadMessage = { thread: string; participant: Participant; text: string; replyTo?: string }

/** Settles a card's call as a participant (see `cardAnswers`): `null` when accepted, else the notice for them. */
export type Settle = (options: { card: QuestionCard; participant: Participant; action: SettleAnswer }) => Promise<PieceNotice | null>

/**
 * Keeps a participant's change of a card's partial answer made from `revision` (the runtime's
 * `keep`: who may answer is checked first): the new partial answer, or the notice for them.
 * `messageId`: the platform message the change was made on (a message the card does not hold is `closed`).
 */
export type Keep = (options: {
  card: QuestionCard
  messageId?: string
  participant: Participant
  revision: number
  change: (current: PartialAnswer) => Omit<PartialAnswer, 'revision'>
}) => Promise<{ partial: PartialAnswer } | PieceNotice>
