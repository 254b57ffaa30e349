import { type CallFactsSource, callFactsText } from '@frogbotai/protocol'

/** "2026-12-07 01:00 UTC", from an ISO 8601 time; `undefined` for a missing or unreadable one. */
export function utcText(iso: string | undefined): string | undefined {
  const at = iso ? Date.parse(iso) : Number.NaN
  return Number.isFinite(at) ? `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC` : undefined
}

/**
 * The facts line(s) a piece draws on a waiting call's card, question or approval
 * (docs/chat/reach-people.md): the admin chat's words (`callFactsText`), for a thread everyone
 * shares (nobody is "you"): "Waiting for Dana", "Escalated to lead@example.com after 4 h",
 * "Expires in 2 h (2026-12-07 01:00 UTC)". A piece's card is not redrawn as time passes, so the
 * expiry carries its exact time; once the call expires its card is replaced with "Expired …".
 * `now`: the piece's clock (ms since the epoch). Empty for a call without any.
 */
export function cardFacts(call: CallFactsSource, now: number = Date.now()): string[] {
  const exact = utcText(call.expiresAt)
  return callFactsText(call, { now }).map((line) => (exact && /^Expire/.test(line) ? `${line} (${exact})` : line))
}
