import type { Participant } from '../../contract/participant.ts'
import { type CardControl, nextCardState } from '../answers/card-state.ts'
import { type ChannelQuestion, questionsOf } from '../answers/question-answers.ts'
import type { PieceNotice } from '../piece-notices.ts'
import type { QuestionCard } from '../question-cards.ts'
import type { CardAnswers } from './card-answers.ts'
import type { PartialAnswer, PartialAnswers } from './partial-answers.ts'
import type { PieceDrawing } from './piece-drawing.ts'
import type { Keep } from './thread-message.ts'

/**
 * A control pressed on a multi-step question card, as a piece read it from its platform's event:
 * - `messageId`: the platform message pressed (its card is looked up by it), or `card` itself (a
 *   typed reply the piece already matched to its card; `messageId` then names the card's message
 *   or is left out);
 * - `revision` (and `step` where the platform's control carries it): the partial answer the
 *   pressed drawing showed; a press on an older drawing changes nothing. Left out (a typed reply),
 *   the control applies to the partial answer as it is now;
 * - `control`: what it does (the kit's {@link CardControl}).
 */
export type CardPress = {
  messageId?: string
  card?: QuestionCard
  participant: Participant
  revision?: number
  step?: number
  control: CardControl
}

/**
 * A press that changes only how the card looks (a page of options, "Other…", "Back"), for the
 * piece to draw: the card, the message pressed, the partial answer, the question shown (`step`)
 * and the control.
 */
export type LookPress = {
  card: QuestionCard
  messageId?: string
  participant: Participant
  partial: PartialAnswer
  question: ChannelQuestion
  step: number
  control: Extract<CardControl, { kind: 'page' | 'other' | 'back' }>
}

/**
 * How a piece finishes a press: `look` draws a control that changes only the view (and resolves
 * the notice for the presser, or `null`); `redraw` (default: the piece's `drawPartial`) draws the
 * card once a press changed its partial answer (`previous`: the partial answer before it, so a
 * piece can tell that the question shown changed).
 */
export type PressHooks = {
  look: (press: LookPress) => Promise<PieceNotice | null>
  redraw?: (options: { card: QuestionCard; partial: PartialAnswer; previous: PartialAnswer }) => Promise<void>
}

/** The notice for a question that needs an option (or typed words) before it can go on: the same words on every platform. */
export const chooseFirst = (question: ChannelQuestion, step: number): PieceNotice => ({
  kind: 'invalid',
  message: `Choose at least one option for “${question.header}”${question.custom ? ', or type your answer' : ''}.`,
  question: step
})

/**
 * The one flow from a press on a multi-step question card to the settle door (FrogBot's piece
 * kit; the runtime's `press`), the same for every piece that draws such cards:
 * 1. the card is looked up by the message pressed: none, or not a question's, is `closed`;
 * 2. **Dismiss** dismisses the call (the door's checks decide who may);
 * 3. a card whose call ended tells the presser why (refused, or who ended it), else `closed`;
 * 4. a press on an older drawing (another `revision` or `step`) changes nothing: the presser is told
 *    they may not answer, else that the card `changed` (or `closed`, for a message the card no
 *    longer holds);
 * 5. the kit's card reducer (`nextCardState`) decides: an answer goes through the settle door; a
 *    change of the partial answer is kept from the revision pressed (`runtime.keep`, which checks
 *    who may answer first; a pick another participant made meanwhile on the same question is
 *    kept), then the card is redrawn; a view change is the piece's `look` (which checks who may
 *    answer where the view is the presser's: `runtime.mayAnswer`, or `runtime.capture` for
 *    "Other…"); a question without a pick is told {@link chooseFirst}; "Other…" on a question
 *    without typed answers is told so; a control that names nothing the question has (an option
 *    never offered) changes nothing and tells nothing.
 * Resolves the notice for the presser, or `null` (the piece shows it: privately where it can).
 */
export function cardPresses({ cards, partials, answer, mayAnswer, keep, drawing }: {
  cards: { ofMessage: (messageId: string) => Promise<QuestionCard | null> }
  partials: Pick<PartialAnswers, 'read'>
  answer: CardAnswers['answer']
  mayAnswer: CardAnswers['mayAnswer']
  keep: Keep
  drawing: Pick<PieceDrawing, 'drawPartial'>
}) {
  return async ({ messageId, card: given, participant, revision, step: pressedStep, control }: CardPress, hooks: PressHooks): Promise<PieceNotice | null> => {
    const card = given ?? (messageId === undefined ? null : await cards.ofMessage(messageId))
    const questions = card ? questionsOf(card.input) : null
    if (!card || !questions) return { kind: 'closed' }
    const click = { card, ...(messageId === undefined ? {} : { messageId }), participant }
    if (control.kind === 'dismiss') return answer({ ...click, action: { dismissed: true } })
    if (card.closed) return (await mayAnswer(click)) ?? { kind: 'closed' }
    const partial = await partials.read(card)
    if ((revision !== undefined && revision !== partial.revision) || (pressedStep !== undefined && pressedStep !== partial.step)) {
      const stale: PieceNotice = messageId === undefined || card.messageIds.includes(messageId) ? { kind: 'changed' } : { kind: 'closed' }
      return (await mayAnswer(click)) ?? stale
    }
    const step = Math.min(partial.step, questions.length - 1)
    const question = questions[step]
    const next = nextCardState(questions, partial, control)
    switch (next.kind) {
      case 'answer':
        return answer({ ...click, action: { output: next.output } })
      case 'keep': {
        const kept = await keep({ ...click, revision: partial.revision, change: (current) => {
          const again = nextCardState(questions, current, control)
          return again.kind === 'keep' ? again.state : next.state
        } })
        if (!('partial' in kept)) return kept
        await (hooks.redraw ?? drawing.drawPartial)?.({ card, partial: kept.partial, previous: partial })
        return null
      }
      case 'look':
        return hooks.look({ ...click, partial, question, step, control: next.control })
      case 'empty':
        return (await mayAnswer(click)) ?? chooseFirst(question, step)
      case 'dismiss':
        return answer({ ...click, action: { dismissed: true } })
      case 'ignore':
        if (control.kind === 'other') return (await mayAnswer(click)) ?? { kind: 'invalid', message: `“${question.header}” takes no typed answer; choose one of its options.`, question: step }
        return null
    }
  }
}

/** See {@link cardPresses}: the runtime's `press`. */
export type CardPresses = ReturnType<typeof cardPresses>
