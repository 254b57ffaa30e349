import type { ChannelState } from '../../contract/channel-state.ts'
import type { QuestionSelection } from '../answers/question-answers.ts'
import { type QuestionCard, SETTLED_CARD_TTL_MS } from '../question-cards.ts'

/**
 * What participants picked so far on a card that is answered in several interactions (a
 * multi-step card, toggles, an "Other…" typed answer): one selection per question (empty ones
 * where nothing was picked yet), the question the card shows (`step`), and the `revision`, which
 * every change raises by one. A piece carries the revision in its controls, so that a click on an
 * older drawing of the card is told the card changed (`changed`) instead of undoing a newer pick.
 */
export type PartialAnswer = { revision: number; step: number; selections: QuestionSelection[] }

/**
 * Who may type the answer to one question of a card, in its thread, until the capture lapses
 * ("Other…"): the card's call, the question (its index), and the `step` the card showed when they
 * asked to type (a typed answer once the card moved to another step is told `changed`). With
 * `replyTo` (platform message ids: the card's, a prompt's), only a message that replies to one of
 * them is the typed answer; any other message of the participant stays an ordinary one.
 */
export type Capture = { chatId: string; toolCallId: string; question: number; step: number; replyTo?: string[] }

/** How long a change's claim on its revision holds, should its writer stop before writing (ms). */
const CLAIM_MS = 30_000

/** How long a captured participant's next message counts as their typed answer, by default (ms). */
export const CAPTURE_MS = 10 * 60_000

const key = (card: Pick<QuestionCard, 'chatId' | 'toolCallId'>) => `frogbot:partial:${card.chatId}:${card.toolCallId}`
const captureKey = (thread: string, userId: string) => `frogbot:capture:${thread}:${userId}`

/**
 * Partial answers of a piece's cards, in its state (FrogBot's database, so every server sees the
 * same): `read` one (revision 0, nothing picked, when none); `change` it from the revision the
 * participant saw, atomically across processes (the first change from a revision wins; the
 * others get `stale` with the current one); `clear` it once the call ended. `capture` records
 * that a participant's next message in the thread is their typed answer to one question (the
 * card at `step`; with `replyTo`, only their reply to one of those messages), for `forMs` (default
 * {@link CAPTURE_MS}); `captureOf` finds it, `release` lets it go.
 */
export function partialAnswers(state: Pick<ChannelState, 'get' | 'set' | 'setIfNotExists' | 'delete'>) {
  const read = async (card: QuestionCard): Promise<PartialAnswer> => (await state.get<PartialAnswer>(key(card))) ?? { revision: 0, step: 0, selections: [] }
  return {
    read,
    change: async (card: QuestionCard, revision: number, next: (current: PartialAnswer) => Omit<PartialAnswer, 'revision'>): Promise<{ partial: PartialAnswer } | { stale: PartialAnswer }> => {
      const current = await read(card)
      if (current.revision !== revision) return { stale: current }
      if (!(await state.setIfNotExists(`${key(card)}:revision:${revision + 1}`, true, CLAIM_MS))) return { stale: await read(card) }
      const partial = { ...next(current), revision: revision + 1 }
      await state.set(key(card), partial, SETTLED_CARD_TTL_MS)
      return { partial }
    },
    clear: (card: QuestionCard) => state.delete(key(card)),
    capture: (card: QuestionCard, { userId, question, step, forMs = CAPTURE_MS, replyTo }: { userId: string; question: number; step: number; forMs?: number; replyTo?: string[] }) =>
      state.set<Capture>(captureKey(card.thread, userId), { chatId: card.chatId, toolCallId: card.toolCallId, question, step, ...(replyTo ? { replyTo } : {}) }, forMs),
    captureOf: (thread: string, userId: string) => state.get<Capture>(captureKey(thread, userId)),
    release: (thread: string, userId: string) => state.delete(captureKey(thread, userId))
  }
}

/** See {@link partialAnswers}. */
export type PartialAnswers = ReturnType<typeof partialAnswers>
