import type { ChannelState } from '../contract/channel-state.ts'
import { type QuestionCard, SETTLED_CARD_TTL_MS } from './question-cards.ts'

/** The card a view belongs to: its chat and call. */
type ViewedCard = Pick<QuestionCard, 'chatId' | 'toolCallId'>

/**
 * How each card is shown beside its partial answer, where the platform's message keeps nothing of
 * it (FrogBot's piece kit): a view `V` per card in the piece's state (FrogBot's database, so that
 * every server draws the same), under `frogbot:<piece>:view:<chat>:<call>`, such as the page of
 * options a card shows and who is typing an answer (Telegram's keyboard; Discord could keep the
 * page it shows across redraws). `view(card)` is the card's view, a copy of `initial` until one is set;
 * `setView(card, view)` keeps one as long as a settled card is kept (`SETTLED_CARD_TTL_MS`);
 * `forget(card)` drops it, once the card is settled. Who may type an answer is the kit's capture.
 */
export function cardViews<V>(state: Pick<ChannelState, 'get' | 'set' | 'delete'>, piece: string, initial: V) {
  const key = (card: ViewedCard) => `frogbot:${piece}:view:${card.chatId}:${card.toolCallId}`
  return {
    view: async (card: ViewedCard): Promise<V> => (await state.get<V>(key(card))) ?? structuredClone(initial),
    setView: (card: ViewedCard, view: V) => state.set(key(card), view, SETTLED_CARD_TTL_MS),
    forget: (card: ViewedCard) => state.delete(key(card))
  }
}

/** The views of a piece's cards (see {@link cardViews}). */
export type CardViews<V> = ReturnType<typeof cardViews<V>>
