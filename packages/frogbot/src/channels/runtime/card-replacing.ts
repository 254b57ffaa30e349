import type { ChatSummary, SettlementWithPart } from '@frogbotai/protocol'
import type { PieceEngine } from '../../contract/piece.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { QuestionCard, QuestionCards } from '../question-cards.ts'
import type { PartialAnswers } from './partial-answers.ts'
import type { PieceDrawing } from './piece-drawing.ts'
import { errorText } from '../../text/error-text.ts'


/**
 * Replaces the controls of cards whose call ended, once across processes (a replacing claim in
 * the piece's state), then forgets their partial answers:
 * - `replace(chat, card, settlement)`: as the engine tells the call ended;
 * - `replaceStale(card)`: a card still showing controls for a call that ended (its replacement
 *   failed, or the server stopped before it), from the stored settlement, as a click on it or a
 *   rescan finds it; a card whose chat is gone is let go.
 * A replacement that fails is logged and let go, so that the next click or rescan tries again.
 */
export function cardReplacing({ engine, cards, partials, drawing, log }: { engine: PieceEngine; cards: QuestionCards; partials: PartialAnswers; drawing: PieceDrawing; log: (line: string) => void }) {
  const replace = async (chat: ChatSummary, card: QuestionCard, settlement: SettlementWithPart) => {
    if (!(await cards.claimReplacing(card))) return
    try {
      if (card.kind === 'approval' && drawing.approvals) await drawing.approvals.drawSettled({ chat, card, settlement })
      else await drawing.drawSettled({ chat, card, settlement })
      await cards.close(card)
      await partials.clear(card)
    } catch (error) {
      await cards.releaseReplacing(card)
      log(`could not replace the card of call ${card.toolCallId}: ${errorText(error)}`)
    }
  }

  const replaceStale = async (card: QuestionCard) => {
    const read = await engine.readChat(card.chatId).catch((error: unknown) => {
      if (FrogbotError.isInstance(error) && error.code === 'not-found') return null
      throw error
    })
    if (!read) return cards.close(card)
    for (const message of read.messages) {
      const settlement = message.settlements.findLast((entry) => entry.toolCallId === card.toolCallId)
      const part = message.parts.find((entry) => (entry as { toolCallId?: string }).toolCallId === card.toolCallId) ?? null
      if (settlement) return replace(read.chat, card, { ...settlement, part } as SettlementWithPart)
    }
  }

  return { replace, replaceStale }
}

/** See {@link cardReplacing}. */
export type CardReplacing = ReturnType<typeof cardReplacing>
