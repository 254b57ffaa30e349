import type { Participant } from '../../contract/participant.ts'
import type { PieceNotice } from '../piece-notices.ts'
import type { QuestionCard } from '../question-cards.ts'

/** A participant's message in a thread, as the runtime reads it for answers. `replyTo`: the platform message it replies to. */
export type ThreadMessage = { thread: string; participant: Participant; text: string; replyTo?: string }

/** Settles a card's call as a participant (see `cardAnswers`): `null` when accepted, else the notice for them. */
export type Settle = (options: { card: QuestionCard; participant: Participant; action: { output: unknown } | { dismissed: true; reason?: string } }) => Promise<PieceNotice | null>
