import type { ChatSummary, PendingCall } from '@frogbotai/protocol'
import { isApprovalCall } from '../approval-cards.ts'
import { cardFacts } from '../call-facts.ts'
import type { QuestionCards } from '../question-cards.ts'
import { oneText, type PieceDrawing } from './piece-drawing.ts'
import { errorText } from '../../text/error-text.ts'

/** How often a piece's webhook traffic rescans for missing cards, at most (ms). */
export const REDRAW_EVERY_MS = 60_000

/** The longest wait before a rescan tries again to draw a card that failed (ms). */
const REDRAW_BACKOFF_MAX_MS = 60 * 60_000


/**
 * Draws the cards of waiting calls, each once across processes: a call's card is claimed in the
 * piece's state before it is posted, and remembered once posted. A drawing that fails is let go
 * (so it can be tried again) and logged; the thread is told once, when the turn's own drawing
 * failed. A rescan (`rescan: true`) tries a call that failed in this process again only after a
 * wait that doubles with every failure (1 minute, 2, 4, … at most an hour), so that a thread the
 * platform keeps refusing is not retried, and logged, every minute.
 */
export function cardDrawing({ cards, drawing, now, log }: { cards: QuestionCards; drawing: PieceDrawing; now: () => number; log: (line: string) => void }) {
  const backoff = new Map<string, { failures: number; next: number }>()

  const failed = async (chat: ChatSummary, thread: string, call: PendingCall, error: unknown, rescan: boolean) => {
    const key = `${chat.id}:${call.toolCallId}`
    await cards.release(chat.id, call.toolCallId)
    const failures = (backoff.get(key)?.failures ?? 0) + 1
    backoff.set(key, { failures, next: now() + Math.min(REDRAW_EVERY_MS * 2 ** (failures - 1), REDRAW_BACKOFF_MAX_MS) })
    log(`could not draw call ${call.toolCallId} of chat ${chat.id}: ${errorText(error)}`)
    if (rescan) return
    const text = oneText(`I could not show my question here (${errorText(error)}). I will try again within a few minutes; writing in this thread tries again now.`)
    await drawing.reply({ chat, thread, text }).catch((failure: unknown) => log(`could not post the failure of chat ${chat.id}: ${errorText(failure)}`))
  }

  return async (chat: ChatSummary, calls: PendingCall[], { rescan = false }: { rescan?: boolean } = {}) => {
    const thread = chat.channel?.thread
    if (!thread) return
    for (const call of calls) {
      const key = `${chat.id}:${call.toolCallId}`
      if (rescan && (backoff.get(key)?.next ?? 0) > now()) continue
      if (!(await cards.claim(chat.id, call.toolCallId))) continue
      try {
        const approval = isApprovalCall(call) && drawing.approvals
        const facts = cardFacts(call, now())
        const messageIds = approval ? await approval.draw({ chat, thread, call }) : await drawing.drawCall({ chat, thread, call, facts })
        await cards.save({ chatId: chat.id, toolCallId: call.toolCallId, toolName: call.toolName, thread, messageIds, input: call.input, ...(approval ? { kind: 'approval' as const } : {}), ...(facts.length ? { facts } : {}) })
        backoff.delete(key)
      } catch (error) {
        await failed(chat, thread, call, error, rescan)
      }
    }
  }
}

/** See {@link cardDrawing}. */
export type DrawCalls = ReturnType<typeof cardDrawing>
