import { type ChannelState, type QuestionCard, SETTLED_CARD_TTL_MS } from 'frogbot/channels'
import type { CardView } from './question-keyboard.ts'

const viewKey = (card: Pick<QuestionCard, 'chatId' | 'toolCallId'>) => `frogbot:telegram:view:${card.chatId}:${card.toolCallId}`

/**
 * How each card is shown in the piece's state (FrogBot's database, so that every server draws
 * the same): `view`/`setView` the page shown and the typist a card names (kept as long as a card
 * is), `forget` once it is settled. Who may type an answer is the kit's capture.
 */
export function cardViews(state: Pick<ChannelState, 'get' | 'set' | 'delete'>) {
  return {
    view: async (card: Pick<QuestionCard, 'chatId' | 'toolCallId'>): Promise<CardView> => (await state.get<CardView>(viewKey(card))) ?? { page: 0 },
    setView: (card: Pick<QuestionCard, 'chatId' | 'toolCallId'>, view: CardView) => state.set(viewKey(card), view, SETTLED_CARD_TTL_MS),
    forget: (card: Pick<QuestionCard, 'chatId' | 'toolCallId'>) => state.delete(viewKey(card))
  }
}

/** See {@link cardViews}. */
export type CardViews = ReturnType<typeof cardViews>
