/**
 * The tool error texts a client tool call ends with when it is not answered. The model reads them
 * as the call's result, and chat UIs show them on the "Not answered" card.
 */

/** A call dismissed by a person (seed: "Dismiss"). */
export const DISMISSED_TEXT = 'Dismissed by the user.'

/** {@link DISMISSED_TEXT}, with the optional reason appended (README "Your own client tools"). */
export function dismissedText(reason?: string): string {
  return reason ? `${DISMISSED_TEXT} Reason: ${reason}` : DISMISSED_TEXT
}

/** A still-waiting call of a step in which another call was dismissed (README "How a turn runs"). */
export const CANCELLED_BY_DISMISSAL_TEXT = 'Cancelled because the user dismissed a related request.'

/** A still-waiting call of a step in which another call expired. */
export const CANCELLED_BY_EXPIRY_TEXT = 'Cancelled because a related request expired.'

/** A waiting call cancelled by Stop (README "How a turn runs": a chat is never stuck behind a call nobody may answer). */
export const CANCELLED_BY_STOP_TEXT = 'Cancelled because the user stopped the turn.'

/** A call past its `client.expiresIn` (README "Your own client tools"). */
export const EXPIRED_TEXT = 'Expired without an answer.'

/**
 * A call that can no longer be answered where it is: one still waiting when a branch copied it
 * (seed: "Channel conversations"), or one left open by a turn whose process died.
 */
export const CLOSED_TEXT = 'Closed without an answer.'
