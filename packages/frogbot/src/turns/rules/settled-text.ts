import {
  CANCELLED_BY_DISMISSAL_TEXT,
  CANCELLED_BY_EXPIRY_TEXT,
  CANCELLED_BY_STOP_TEXT
} from '@frogbotai/protocol'

/** Why a call was cancelled, by the tool error FrogBot closed it with (docs/chat/turns.md, Settlements). */
const CANCELLED_WHY: ReadonlyMap<string, string> = new Map([
  [CANCELLED_BY_STOP_TEXT, 'the turn was stopped'],
  [CANCELLED_BY_DISMISSAL_TEXT, 'a related request was dismissed'],
  [CANCELLED_BY_EXPIRY_TEXT, 'a related request expired']
])

/**
 * What {@link settledSentence} reads of a settlement: its outcome and, for a cancelled call, its
 * stored tool part.
 */
export type SettledAs = { outcome: string; part?: unknown }

/**
 * How a settled call ended, as a sentence about `subject` (`plural`: it names several calls), for
 * whoever tries to answer it afterwards, told the truth per the settlement's outcome
 * (docs/chat/turns.md, Settlements): `… was answered elsewhere`, `… was approved elsewhere`,
 * `… was dismissed`, `… was cancelled: the turn was stopped` (why, from the tool error of the
 * cancelled part: Stop, a related request dismissed or expired), `… expired without an answer`.
 * No end mark: the caller goes on (`; read the chat.`).
 */
export function settledSentence(subject: string, plural: boolean, { outcome, part }: SettledAs): string {
  const be = plural ? 'were' : 'was'
  if (outcome === 'expired') return `${subject} expired without an answer`
  if (outcome === 'dismissed') return `${subject} ${be} dismissed`
  if (outcome === 'cancelled') {
    const errorText = (part as { errorText?: unknown } | null | undefined)?.errorText
    const why = typeof errorText === 'string' ? CANCELLED_WHY.get(errorText) : undefined
    return `${subject} ${be} cancelled${why ? `: ${why}` : ''}`
  }
  return `${subject} ${be} ${outcome} elsewhere`
}
