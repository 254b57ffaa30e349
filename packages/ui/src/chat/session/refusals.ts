import type { Settlement } from '@frogbotai/protocol'
import { apiCallError } from '../chat-api-error.ts'

/**
 * Refusals that only mean this tab is behind (another tab or person acted first, or the chat is a
 * channel conversation): the chat reloads quietly instead of showing an error (FrogBot's UI
 * registries page: "a `409` reloads the chat quietly").
 */
const BEHIND_CODES = new Set(['already-settled', 'already-voted', 'not-awaiting', 'channel-chat', 'turn-in-progress', 'pending-calls', 'not-queued', 'call-not-found'])

/** Refusals of an answer itself: shown on the card, which stays usable. */
const ANSWER_CODES = new Set(['invalid-output', 'invalid-input', 'forbidden', 'tool-unavailable', 'write-conflict'])

/**
 * What a failed request means for the chat:
 * - `unreachable`: no answer from the server at all (it is down, the connection is lost);
 * - `behind`: the server refused because this tab is behind; reload quietly;
 * - `answer`: the server refused an answer; show it on its card;
 * - `other`: any other refusal, for a person to read.
 */
export type Refusal = 'unreachable' | 'behind' | 'answer' | 'other'

/** Sorts a request's failure (see {@link Refusal}). */
export function refusalOf(error: unknown): Refusal {
  const api = apiCallError(error)
  if (!api) return error instanceof TypeError || (error instanceof Error && /failed to fetch|network|load failed/i.test(error.message)) ? 'unreachable' : 'other'
  if (api.code && BEHIND_CODES.has(api.code)) return 'behind'
  if (api.code && ANSWER_CODES.has(api.code)) return 'answer'
  return 'other'
}

/** The stored settlement a `409 already-settled` carries (whoever answered first), if `error` is one. */
export function settlementOf(error: unknown): Settlement | null {
  const api = apiCallError(error)
  if (api?.code !== 'already-settled') return null
  const settlement = (api.body as { settlement?: Settlement }).settlement
  return settlement?.toolCallId ? settlement : null
}
