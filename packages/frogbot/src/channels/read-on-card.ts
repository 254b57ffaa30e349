import type { ReplyReading } from './answers/numbered-answers.ts'
import { type ChannelQuestion, questionsOf } from './answers/question-answers.ts'
import type { QuestionCard } from './question-cards.ts'
import { type ReadAction, readingAction } from './reading-action.ts'

const CLOSED: ReadAction = { notice: { kind: 'closed' } }

/**
 * What a press or a submitted form on a message's card comes to (the action to settle with, the
 * notice to tell, or `null`: nothing for FrogBot), by what was pressed: an approval's control
 * (`approval`) is read by `readApproval(input)` on an approval card only, any other control by
 * `readQuestions(questions)` (its `ReplyReading`, through the kit's `readingAction`) on a card of
 * a `question` call only. A message without a card (`card` `null`: never drawn, or forgotten), or
 * whose card is of the other kind, is told closed. For a piece whose controls carry their whole
 * form back (Microsoft Teams' `Action.Submit`).
 */
export function readOnCard(
  card: Pick<QuestionCard, 'kind' | 'input'> | null,
  { approval, readApproval, readQuestions }: {
    approval: boolean
    readApproval: (input: unknown) => ReadAction | null
    readQuestions: (questions: ChannelQuestion[]) => ReplyReading
  }
): ReadAction | null {
  if (!card) return CLOSED
  if (approval) return card.kind === 'approval' ? readApproval(card.input) : CLOSED
  const questions = questionsOf(card.input)
  return questions ? readingAction(readQuestions(questions)) : CLOSED
}
