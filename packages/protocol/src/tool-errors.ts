import { givenReason } from './text-rules.ts'

/**
 * The tool error texts a client tool call ends with when it is not answered. The model reads them
 * as the call's result, and chat UIs show them on the "Not answered" card.
 */

/** A call dismissed by a person (seed: "Dismiss"). */
export const DISMISSED_TEXT = 'Dismissed by the user.'

/**
 * {@link DISMISSED_TEXT}, with the optional reason appended unless it is blank (`givenReason`;
 * docs/chat/client-tools.md).
 */
export function dismissedText(reason?: string): string {
  return givenReason(reason) ? `${DISMISSED_TEXT} Reason: ${reason}` : DISMISSED_TEXT
}

/** A still-waiting call of a step in which another call was dismissed (docs/chat/turns.md). */
export const CANCELLED_BY_DISMISSAL_TEXT = 'Cancelled because the user dismissed a related request.'

/** A still-waiting call of a step in which another call expired. */
export const CANCELLED_BY_EXPIRY_TEXT = 'Cancelled because a related request expired.'

/** A waiting call cancelled by Stop (docs/chat/turns.md: a chat is never stuck behind a call nobody may answer). */
export const CANCELLED_BY_STOP_TEXT = 'Cancelled because the user stopped the turn.'

/** A call past its `client.expiresIn` (docs/chat/client-tools.md). */
export const EXPIRED_TEXT = 'Expired without an answer.'

/**
 * A call that can no longer be answered where it is: one still waiting when a branch copied it
 * (seed: "Channel conversations"), or one left open by a turn whose process died.
 */
export const CLOSED_TEXT = 'Closed without an answer.'

/** A call a person denied approval (docs/agents/approvals.md): its tool did not run. */
export const DENIED_TEXT = 'Denied by the user.'

/**
 * {@link DENIED_TEXT}, with the optional reason appended unless it is blank (`givenReason`), as
 * the model reads a denial.
 */
export function deniedText(reason?: string): string {
  return givenReason(reason) ? `${DENIED_TEXT} Reason: ${reason}` : DENIED_TEXT
}

/**
 * A call that needs approval where nobody can approve it (the app's own code, a channel whose
 * piece draws no approvals): its tool did not run, and the turn goes on.
 */
export const NO_APPROVER_TEXT = "This call needs a person's approval, and nobody can approve it here. It was not run."

/**
 * An approved call whose tool did not finish because the server stopped (a crash, a kill) while
 * the turn its approval started ran: it is never run a second time (docs/agents/approvals.md).
 */
export const APPROVED_NOT_FINISHED_TEXT = 'The server stopped while the approved tool ran; it was not run again.'

/**
 * A call whose tool's `needsApproval` function threw: denied, never run. The model reads only this
 * text; the app's error (which may hold what the model must not read) goes to the server's log.
 */
export const NEEDS_APPROVAL_FAILED_TEXT = 'Could not decide whether this call needs approval. It was not run.'

/** An approved call whose turn was stopped before its tool started: it did not run. */
export const STOPPED_BEFORE_APPROVED_RUN_TEXT = 'Stopped before the approved tool ran; it was not run.'

/** An approved call whose turn was stopped while its tool ran: its result is unknown, and it is not run again. */
export const STOPPED_WHILE_APPROVED_RUN_TEXT = 'Stopped while the approved tool ran; its result is unknown and it was not run again.'

/**
 * An approved call whose tool was still running when the server shut down (`frogbot.close()`,
 * SIGTERM) and did not finish within the shutdown's grace: its result is unknown, and it is not
 * run again. One that finishes within the grace has its result stored instead.
 */
export const SHUTDOWN_WHILE_APPROVED_RUN_TEXT =
  'The server shut down while the approved tool ran, and the tool did not finish in time; ' +
  'its result is unknown and it was not run again.'

/**
 * A call of a server tool that needs no approval whose tool was still running when the server shut
 * down and did not finish within the shutdown's grace (as {@link SHUTDOWN_WHILE_APPROVED_RUN_TEXT}
 * for an approved one): its result is unknown, and it is not run again.
 */
export const SHUTDOWN_WHILE_TOOL_RAN_TEXT =
  'The server shut down while the tool ran, and the tool did not finish in time; ' +
  'its result is unknown and it was not run again.'

/** An approved call whose turn the server's shutdown stopped before its tool started: it did not run. */
export const SHUTDOWN_BEFORE_APPROVED_RUN_TEXT =
  'The server shut down before the approved tool ran; it was not run.'
