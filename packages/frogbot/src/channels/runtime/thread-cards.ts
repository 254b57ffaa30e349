import type { PieceEngine } from '../../contract/piece.ts'
import type { QuestionCard, QuestionCards } from '../question-cards.ts'

/**
 * The cards a message in `thread` may answer: the thread's waiting cards (the one the message
 * replies to first, then newest first); when none waits, the card replied to, else the thread's
 * latest card (whose call ended: a late answer to it is told who settled it).
 */
export function threadCards({ engine, cards }: { engine: PieceEngine; cards: QuestionCards }) {
  return async (thread: string, replyTo?: string): Promise<QuestionCard[]> => {
    const chat = await engine.chatOf(thread)
    if (!chat) return []
    const { pending, messages } = await engine.readChat(chat.id)
    const waiting = (await Promise.all(pending.map((call) => cards.ofCall(chat.id, call.toolCallId)))).filter((card): card is QuestionCard => card !== null && !card.closed).reverse()
    const repliedTo = (card: QuestionCard) => replyTo !== undefined && card.messageIds.includes(replyTo)
    if (waiting.length > 0) return [...waiting.filter(repliedTo), ...waiting.filter((card) => !repliedTo(card))]
    const replied = replyTo === undefined ? null : await cards.ofMessage(replyTo)
    if (replied?.chatId === chat.id) return [replied]
    const callIdOf = (part: unknown) => (part as { toolCallId?: unknown }).toolCallId
    const calls = messages.flatMap((message) => message.parts.map(callIdOf).filter((id): id is string => typeof id === 'string'))
    for (const toolCallId of calls.reverse()) {
      const card = await cards.ofCall(chat.id, toolCallId)
      if (card) return [card]
    }
    return []
  }
}
