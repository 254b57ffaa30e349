import { answerFrom, firstUnanswered, questionsOf } from '../answers/question-answers.ts'
import type { PieceNotice } from '../piece-notices.ts'
import type { QuestionCards } from '../question-cards.ts'
import type { PartialAnswers } from './partial-answers.ts'
import type { CardAnswers } from './card-answers.ts'
import type { PieceDrawing } from './piece-drawing.ts'
import type { Keep, Settle, ThreadMessage } from './thread-message.ts'

/**
 * A message of a participant a card captured ("Other…": their next message in the thread is their
 * typed answer to one question): the text answers that question, beside the picks already made
 * where the question takes several (`multiple`); the call is settled when that completes it, else
 * the partial answer is kept (see `keep`: who may answer is checked first) and the card redrawn a
 * step further. A card that moved to another step since the capture, or changed meanwhile, is
 * told `changed`; a refusal is told too. A capture with `replyTo` takes only a reply to one of its
 * messages: any other message is no answer, and the capture stays; a reply once the card's call
 * ended is told why, as a press on the card would be (`mayAnswer`: refused, or who ended it), for
 * it answers the card by its form. Resolves whether the message was such an answer.
 */
export function capturedAnswers({ cards, partials, drawing, settle, keep, mayAnswer, tell }: {
  cards: QuestionCards
  partials: PartialAnswers
  drawing: PieceDrawing
  settle: Settle
  keep: Keep
  mayAnswer: CardAnswers['mayAnswer']
  tell: (message: ThreadMessage, notice: PieceNotice | null) => Promise<void>
}) {
  return async (message: ThreadMessage): Promise<boolean> => {
    const { participant } = message
    const capture = await partials.captureOf(message.thread, participant.userId)
    if (!capture) return false
    if (capture.replyTo && (message.replyTo === undefined || !capture.replyTo.includes(message.replyTo))) return false
    await partials.release(message.thread, participant.userId)
    const card = await cards.ofCall(capture.chatId, capture.toolCallId)
    if (card?.closed && capture.replyTo && questionsOf(card.input)) {
      await tell(message, (await mayAnswer({ card, participant })) ?? { kind: 'closed' })
      return true
    }
    const questions = card && !card.closed ? questionsOf(card.input) : null
    if (!card || !questions) return false
    const current = await partials.read(card)
    if (current.step !== capture.step) {
      await tell(message, { kind: 'changed' })
      return true
    }
    const selections = questions.map((_, index) => current.selections[index] ?? { selected: [] })
    // Typed words join the picks of a question that takes several, and replace the pick of one that takes one.
    const picked = questions[capture.question].multiple ? selections[capture.question].selected : []
    selections[capture.question] = { selected: picked, custom: message.text }
    if (firstUnanswered(questions, selections) === -1) {
      await tell(message, await settle({ card, participant, action: { output: answerFrom(questions, selections) } }))
      return true
    }
    const kept = await keep({ card, participant, revision: current.revision, change: () => ({ step: firstUnanswered(questions, selections), selections }) })
    if ('partial' in kept) await drawing.drawPartial?.({ card, partial: kept.partial, previous: current })
    else await tell(message, kept)
    return true
  }
}
