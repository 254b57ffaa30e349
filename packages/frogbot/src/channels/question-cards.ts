import type { ChannelState } from '../contract/channel-state.ts'

/**
 * Where a waiting call's controls were drawn (a "card"): the chat and call, the thread, the ids of
 * the platform messages that carry its controls (in a piece's own format, unique in the instance)
 * and the call's input, so that a click can be read without loading the chat. `closed`: the call
 * ended and its controls were replaced. `kind`: `approval` on the card of a call waiting for
 * approval (absent on a question's card). `facts`: the lines it shows of the call as drawn
 * ("Waiting for Dana", "Expires in 2 h (…)", the kit's `cardFacts`), for redraws. `direct`: on a
 * card sent in a direct message (`notify.pieces`), the person it was sent to (an assignee entry);
 * a call has one card in its thread and one per person told directly.
 */
export type QuestionCard = { chatId: string; toolCallId: string; toolName: string; thread: string; messageIds: string[]; input: unknown; closed?: boolean; kind?: 'approval'; facts?: string[]; direct?: string }

/** How long a card is remembered once its call ended, so that late clicks are told who answered (ms). */
export const SETTLED_CARD_TTL_MS = 30 * 24 * 60 * 60_000

/**
 * How long one process may take to draw or replace a card before another may do it instead (ms):
 * also how long a card claimed by a server that stopped mid-drawing waits for a rescan. A piece
 * bounds its platform calls well below it (Slack: about 35 s).
 */
export const CARD_CLAIM_TTL_MS = 2 * 60_000

const CALL_PREFIX = 'frogbot:card:call:'
const DIRECT_PREFIX = 'frogbot:card:direct:'
const byCall = (chatId: string, toolCallId: string) => `${CALL_PREFIX}${chatId}:${toolCallId}`
const directsOf = (chatId: string, toolCallId: string) => `${DIRECT_PREFIX}${chatId}:${toolCallId}:`
const byDirect = (chatId: string, toolCallId: string, person: string) => `${directsOf(chatId, toolCallId)}${person}`
const keyOf = (card: Pick<QuestionCard, 'chatId' | 'toolCallId' | 'direct'>) => (card.direct === undefined ? byCall(card.chatId, card.toolCallId) : byDirect(card.chatId, card.toolCallId, card.direct))
const byMessage = (messageId: string) => `frogbot:card:message:${messageId}`
const replacing = (card: Pick<QuestionCard, 'chatId' | 'toolCallId' | 'direct'>) => `frogbot:card:replacing:${card.chatId}:${card.toolCallId}${card.direct === undefined ? '' : `:direct:${card.direct}`}`

/** A message's card: its call, and the person a direct message's card was sent to. */
type MessageReference = { chatId: string; toolCallId: string; direct?: string }

/**
 * Card records in a channel piece's state (FrogBot's database): found by call, to replace
 * the controls once the call ends, and by message, to read a click on them. A waiting call's card
 * never expires; once the call ended it is kept {@link SETTLED_CARD_TTL_MS}.
 */
export function questionCards(state: Pick<ChannelState, 'get' | 'set' | 'setIfNotExists' | 'delete'> & Partial<Pick<ChannelState, 'lastingKeys'>>) {
  const write = async (card: QuestionCard, ttlMs?: number) => {
    await state.set(keyOf(card), card, ttlMs)
    const reference: MessageReference = { chatId: card.chatId, toolCallId: card.toolCallId, ...(card.direct === undefined ? {} : { direct: card.direct }) }
    for (const messageId of card.messageIds) await state.set(byMessage(messageId), reference, ttlMs)
  }
  /** Every key under `prefix` that lasts (no expiry), a page of at most 1000 at a time; none when the state cannot list its keys. */
  const lasting = async function* (prefix: string) {
    if (!state.lastingKeys) return
    for (let after: string | undefined; ; ) {
      const keys = await state.lastingKeys(prefix, { after })
      yield* keys
      if (keys.length < 1000) return
      after = keys.at(-1)
    }
  }
  return {
    /** Remembers a card once its controls are posted (a direct message's card under its person). */
    save: (card: QuestionCard) => write(card),
    /** Marks an ended call's card `closed` once its controls were replaced, and keeps it for late clicks, then lets it go. */
    close: (card: QuestionCard) => write({ ...card, closed: true }, SETTLED_CARD_TTL_MS),
    /** Claims the replacing of an ended call's card still showing controls for this process: `false` when another is on it. */
    claimReplacing: (card: QuestionCard) => state.setIfNotExists(replacing(card), true, CARD_CLAIM_TTL_MS),
    /** Gives a replacing claim up after a failed replacement, so that the next click tries again. */
    releaseReplacing: (card: QuestionCard) => state.delete(replacing(card)),
    /**
     * Every card whose call has not ended as far as the cards know (never closed: waiting, or
     * ended without its controls replaced), a page of at most 1000 at a time. Empty when the
     * state cannot list its keys.
     */
    open: async function* () {
      for await (const key of lasting(CALL_PREFIX)) {
        const card = await state.get<QuestionCard>(key)
        if (card && !card.closed) yield card
      }
    },
    /** The cards of call `toolCallId` sent in direct messages whose call has not ended as far as they know (see {@link QuestionCard}'s `direct`). */
    directs: async function* (chatId: string, toolCallId: string) {
      for await (const key of lasting(directsOf(chatId, toolCallId))) {
        const card = await state.get<QuestionCard>(key)
        if (card && !card.closed) yield card
      }
    },
    /** The card of call `toolCallId` sent to `person` in a direct message, or `null`. */
    directOf: (chatId: string, toolCallId: string, person: string) => state.get<QuestionCard>(byDirect(chatId, toolCallId, person)),
    /** Claims the drawing of the direct card of call `toolCallId` for `person` for this process: `false` when another drew it or is drawing it. */
    claimDirect: async (chatId: string, toolCallId: string, person: string) =>
      (await state.get(byDirect(chatId, toolCallId, person))) === null && state.setIfNotExists(`frogbot:card:drawing:direct:${chatId}:${toolCallId}:${person}`, true, CARD_CLAIM_TTL_MS),
    /** Gives a direct card's drawing claim up after a failed drawing. */
    releaseDirect: (chatId: string, toolCallId: string, person: string) => state.delete(`frogbot:card:drawing:direct:${chatId}:${toolCallId}:${person}`),
    ofCall: (chatId: string, toolCallId: string) => state.get<QuestionCard>(byCall(chatId, toolCallId)),
    /** The card whose controls `messageId` carries, or `null` (never drawn, or forgotten). */
    ofMessage: async (messageId: string) => {
      const reference = await state.get<MessageReference>(byMessage(messageId))
      return reference ? state.get<QuestionCard>(keyOf(reference)) : null
    },
    /** Claims the drawing of a call's card for this process: `false` when another drew it or is drawing it. */
    claim: async (chatId: string, toolCallId: string) =>
      (await state.get(byCall(chatId, toolCallId))) === null && state.setIfNotExists(`frogbot:card:drawing:${chatId}:${toolCallId}`, true, CARD_CLAIM_TTL_MS),
    /** Gives a claim up after a failed drawing, so that it can be tried again. */
    release: (chatId: string, toolCallId: string) => state.delete(`frogbot:card:drawing:${chatId}:${toolCallId}`)
  }
}

/** See {@link questionCards}. */
export type QuestionCards = ReturnType<typeof questionCards>
