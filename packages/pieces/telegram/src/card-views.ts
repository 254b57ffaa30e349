import { CAPTURE_MS, type ChannelState, type QuestionCard, SETTLED_CARD_TTL_MS } from 'frogbot/channels'
import type { CardView } from './question-keyboard.ts'

/** Who is typing an answer: the card's call, the question, and the card's and the prompt's messages their reply may answer. */
export type Typing = { chatId: string; toolCallId: string; question: number; cardMessageId: string; promptMessageId?: string }

const viewKey = (card: Pick<QuestionCard, 'chatId' | 'toolCallId'>) => `frogbot:telegram:view:${card.chatId}:${card.toolCallId}`
const typingKey = (thread: string, userId: string) => `frogbot:telegram:typing:${thread}:${userId}`

/**
 * How each card is shown, and who is typing an answer, in the piece's state (FrogBot's database,
 * so that every server draws the same): `view`/`setView` the page shown and the typist a card
 * names (kept as long as a card is); `typing`/`startTyping`/`stopTyping` a participant's typed
 * answer under way (their reply to the card or to the prompt, within {@link CAPTURE_MS}).
 */
export function cardViews(state: Pick<ChannelState, 'get' | 'set' | 'delete'>) {
  return {
    view: async (card: Pick<QuestionCard, 'chatId' | 'toolCallId'>): Promise<CardView> => (await state.get<CardView>(viewKey(card))) ?? { page: 0 },
    setView: (card: Pick<QuestionCard, 'chatId' | 'toolCallId'>, view: CardView) => state.set(viewKey(card), view, SETTLED_CARD_TTL_MS),
    forget: (card: Pick<QuestionCard, 'chatId' | 'toolCallId'>) => state.delete(viewKey(card)),
    typing: (thread: string, userId: string) => state.get<Typing>(typingKey(thread, userId)),
    startTyping: (thread: string, userId: string, typing: Typing) => state.set(typingKey(thread, userId), typing, CAPTURE_MS),
    stopTyping: (thread: string, userId: string) => state.delete(typingKey(thread, userId))
  }
}

/** See {@link cardViews}. */
export type CardViews = ReturnType<typeof cardViews>
