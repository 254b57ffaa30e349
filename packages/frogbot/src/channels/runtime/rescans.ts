import type { PieceEngine } from '../../contract/piece.ts'
import type { QuestionCards } from '../question-cards.ts'
import { type DrawCalls, REDRAW_EVERY_MS } from './card-drawing.ts'
import type { CardReplacing } from './card-replacing.ts'
import type { WorkTracker } from './work-tracker.ts'
import { errorText } from '../../text/error-text.ts'

/** Chats read per page when rescanning for missing cards. */
const REDRAW_PAGE = 100


/**
 * Rescans a piece's conversations for cards that are missing: the cards of calls still waiting
 * that were never drawn (the server stopped between the pause and the drawing, or the platform
 * failed), then the cards still showing controls for calls that ended. Storage decides what
 * waits; each card is claimed in the piece's state first, so several servers rescanning at once
 * draw each one once. `redraw()` rescans now (at start-up); `redrawNowAndThen()` rescans when the
 * last rescan is {@link REDRAW_EVERY_MS} old (the piece's traffic and timer call it). Both run in
 * the background; a failure is logged.
 */
export function rescans({ engine, cards, drawCalls, replacing, now, work, log }: {
  engine: PieceEngine
  cards: QuestionCards
  drawCalls: DrawCalls
  replacing: CardReplacing
  now: () => number
  work: WorkTracker
  log: (line: string) => void
}) {
  let last: number | null = null

  const rescan = async () => {
    last = now()
    const waiting = new Set<string>()
    for (let after: string | undefined; ; ) {
      const page = await engine.waitingChats({ after, limit: REDRAW_PAGE })
      for (const { chat, pending } of page) {
        for (const call of pending) waiting.add(`${chat.id}:${call.toolCallId}`)
        await drawCalls(chat, pending, { rescan: true })
      }
      if (page.length < REDRAW_PAGE) break
      after = page.at(-1)!.chat.id
    }
    for await (const card of cards.open()) {
      if (waiting.has(`${card.chatId}:${card.toolCallId}`)) continue
      await replacing.replaceStale(card).catch((error: unknown) => log(`could not replace the card of call ${card.toolCallId}: ${errorText(error)}`))
    }
  }
  const background = () => void work.track(rescan().catch((error: unknown) => log(`could not rescan for questions without their card: ${errorText(error)}`)))

  return {
    redraw: background,
    redrawNowAndThen: () => {
      if (last !== null && now() - last < REDRAW_EVERY_MS) return
      last = now()
      background()
    }
  }
}
