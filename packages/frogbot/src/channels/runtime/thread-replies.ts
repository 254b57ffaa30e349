import type { PieceEngine } from '../../contract/piece.ts'
import { approvalAnswer, readApprovalCommand } from '../approval-cards.ts'
import { questionsOf } from '../answers/question-answers.ts'
import type { ReplyReading } from '../answers/numbered-answers.ts'
import type { ReplyReader } from '../answers/reply-readers.ts'
import { readingAction } from '../reading-action.ts'
import type { PieceNotice } from '../piece-notices.ts'
import type { QuestionCard, QuestionCards } from '../question-cards.ts'
import type { CardAnswers } from './card-answers.ts'
import { capturedAnswers } from './captured-answers.ts'
import type { PartialAnswers } from './partial-answers.ts'
import { threadCards } from './thread-cards.ts'
import type { PieceDrawing } from './piece-drawing.ts'
import type { Keep, Settle, ThreadMessage } from './thread-message.ts'

/**
 * Reads a thread message as an answer before it goes to the agent (FrogBot's piece contract: a
 * thread reply read as anything but `ignore` is consumed, never sent to the agent). First the
 * participant's capture (their "Other…": the text is their typed answer to that question, settled
 * when it completes the call, else kept and the card redrawn); then, where the piece reads replies,
 * the thread's cards with the piece's reader (see `threadCards`). A typed `/approve`, `/approve {json}`
 * or `/deny [reason]` decides the thread's approval card (see `readApprovalCommand`), in every piece. Resolves whether the message was
 * consumed; what the participant did wrong, or that the question was settled, is told.
 */
export function threadReplies({ engine, cards, partials, drawing, readReply, settle, keep, mayAnswer }: {
  engine: PieceEngine
  cards: QuestionCards
  partials: PartialAnswers
  drawing: PieceDrawing
  readReply?: ReplyReader
  settle: Settle
  keep: Keep
  mayAnswer: CardAnswers['mayAnswer']
}) {
  const tell = async (message: ThreadMessage, notice: PieceNotice | null) => {
    if (notice) await drawing.notify({ thread: message.thread, participant: message.participant, notice })
  }

  const captured = capturedAnswers({ cards, partials, drawing, settle, keep, mayAnswer, tell })
  const cardsOf = threadCards({ engine, cards })

  const noticeFor = async (message: ThreadMessage, card: QuestionCard, reading: Exclude<ReplyReading, { kind: 'none' }>): Promise<PieceNotice | null> => {
    const read = readingAction(reading)!
    return 'notice' in read ? read.notice : settle({ card, participant: message.participant, action: read.action })
  }

  return async (message: ThreadMessage): Promise<boolean> => {
    if (await captured(message)) return true
    const command = readApprovalCommand(message.text)
    if (command.kind !== 'none') {
      const card = (await cardsOf(message.thread, message.replyTo)).find((candidate) => candidate.kind === 'approval')
      if (card) {
        const notice = command.kind === 'invalid' ? { kind: 'invalid' as const, message: command.message } : await settle({ card, participant: message.participant, action: approvalAnswer(command.press) })
        await tell(message, notice)
        return true
      }
    }
    if (!readReply) return false
    for (const card of await cardsOf(message.thread, message.replyTo)) {
      const questions = questionsOf(card.input)
      if (!questions) continue
      const addressed = message.replyTo !== undefined && card.messageIds.includes(message.replyTo)
      const reading = readReply({ text: message.text, questions, addressed, open: !card.closed })
      if (reading.kind === 'none') continue
      await tell(message, await noticeFor(message, card, reading))
      return true
    }
    return false
  }
}
