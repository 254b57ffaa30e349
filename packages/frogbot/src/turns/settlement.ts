/**
 * Who settled a call. Exactly one of the fields says who:
 * - `userId` (with `token` `{ name, prefix }` when an API token was used),
 * - `anonymous: true` for a caller without an account on an owner-less chat,
 * - `channelUser` for a participant in a channel conversation,
 * - `system: true` for FrogBot itself (expiry, a new message closing a waiting call).
 */
export type SettledBy = {
  userId?: string
  token?: { name: string; prefix: string }
  anonymous?: true
  channelUser?: { channel: string; id: string; name?: string }
  system?: true
}

/** How a call ended (SPEC §5, §11). */
export type SettlementOutcome = 'answered' | 'dismissed' | 'closed' | 'expired'

/**
 * The record of one settled call, kept on its message in `settlements` (seed: "Who can answer").
 * `at` is an ISO 8601 timestamp; `reason` is the optional dismissal reason.
 */
export type Settlement = {
  toolCallId: string
  outcome: SettlementOutcome
  by: SettledBy
  at: string
  reason?: string
}

/** Tool error text of a dismissed call (seed: "Dismiss"), with the optional reason appended. */
export function dismissedText(reason?: string): string {
  return reason ? `Dismissed by the user. Reason: ${reason}` : 'Dismissed by the user.'
}

/** Tool error text of a call closed because its step ended another way (SPEC §4). */
export const CLOSED_TEXT = 'Closed without an answer.'

/** Tool error text of a call whose `client.expiresIn` passed (SPEC §11). */
export const EXPIRED_TEXT = 'Expired without an answer.'
