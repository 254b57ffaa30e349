import { drawnText } from '../text/drawn-text.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { SettledBy, Settlement } from '@frogbotai/protocol'

/**
 * Why something a participant did in a channel changed nothing, or what became of it; a piece
 * shows it privately to that participant (Slack: an ephemeral message) and the question stays as
 * it was (FrogBot's piece contract):
 * - `settled`: the call was already answered, dismissed, cancelled or expired (`settlement` says by whom);
 * - `denied`: the agent's `access` refused this participant (`to`: what they tried; `unmatched`:
 *   why no FrogBot user was matched to them, when none was: `no-email`, the platform gave no email;
 *   `no-user`, no FrogBot user has it; `lookup-failed`, the piece could not look them up on the
 *   platform right now);
 * - `invalid`: the answer broke a rule (`message`; `question`: the index of the question at fault, when
 *   known; `field`: the index of an approval's Edit form field at fault, `approvalEditForm`'s order);
 * - `closed`: the question is no longer open here (a stale card, a call that is gone, a chat not waiting);
 * - `changed`: the card changed since the participant saw it (someone else picked meanwhile): a
 *   click on an older revision of a partial answer changes nothing;
 * - `queued`: their message waits behind the current reply or a waiting question (`behind`);
 * - `retry`: the chat was busy or full (`message`); trying again later may work;
 * - `voted`: their vote on an approval that needs several people was counted (`approvals` of `count` so far).
 */
export type PieceNotice =
  | { kind: 'settled'; settlement: Settlement }
  | { kind: 'denied'; to: 'answer' | 'write'; unmatched?: 'no-email' | 'no-user' | 'lookup-failed' }
  | { kind: 'invalid'; message: string; question?: number; field?: number }
  | { kind: 'closed' }
  | { kind: 'changed' }
  | { kind: 'queued'; behind: 'question' | 'reply' }
  | { kind: 'retry'; message: string }
  | { kind: 'voted'; approvals: number; count: number }

/** How a piece names who settled a call: a platform mention of a channel participant (`<@U123>` on Slack). */
export type NameOf = (by: SettledBy) => string

/** The default name of whoever settled a call, for pieces without mentions. */
export function plainNameOf(by: SettledBy): string {
  if ('channel' in by) return drawnText(by.channel.name ?? by.channel.userId)
  if ('system' in by) return 'FrogBot'
  if ('link' in by) return by.link.recipient
  return 'someone'
}

/** The text of a notice for people, with `nameOf` naming who settled a call. */
export function noticeText(notice: PieceNotice, nameOf: NameOf = plainNameOf): string {
  switch (notice.kind) {
    case 'settled': {
      const { outcome, by } = notice.settlement
      if (outcome === 'answered') return `This question was already answered by ${nameOf(by)}.`
      if (outcome === 'dismissed') return `This question was already dismissed by ${nameOf(by)}.`
      if (outcome === 'approved') return `This call was already approved by ${nameOf(by)}.`
      if (outcome === 'denied') return `This call was already denied by ${nameOf(by)}.`
      if (outcome === 'expired') return 'This question expired without an answer.'
      return 'This question was cancelled.'
    }
    case 'denied': {
      if (notice.unmatched === 'lookup-failed') {
        const lost = notice.to === 'answer' ? 'your answer was not taken' : 'your message was not read'
        return `FrogBot could not check who you are right now, so ${lost}; try again shortly.`
      }
      const refused = notice.to === 'answer' ? 'You may not answer this question: this agent does not accept you.' : 'You may not talk to this agent here: it does not accept you.'
      if (notice.unmatched === 'no-user') return `${refused} No FrogBot user has the email of your account here; ask whoever runs this FrogBot to add you.`
      if (notice.unmatched === 'no-email') return `${refused} Your email is not shared with FrogBot, so it cannot tell who you are; ask whoever runs this FrogBot.`
      return refused
    }
    case 'invalid':
      return notice.message
    case 'closed':
      return 'This question is no longer open.'
    case 'changed':
      return 'This question changed since you saw it; look at it again and choose once more.'
    case 'queued':
      return notice.behind === 'question'
        ? 'Your message waits until the question above is answered or dismissed; then it is read.'
        : 'Your message waits until the current reply is done; then it is read.'
    case 'retry':
      return notice.message
    case 'voted':
      return `Your approval is counted: ${notice.approvals} of ${notice.count} approvals. It runs once ${notice.count} people approved.`
  }
}

/**
 * The notice for an error of the settle door or of sending a message (`to`: what the participant
 * tried), or `null` for an error nobody caused on purpose (the caller logs it).
 */
export function noticeOf(error: unknown, to: 'answer' | 'write'): PieceNotice | null {
  if (!FrogbotError.isInstance(error)) return null
  switch (error.code) {
    case 'already-settled':
      return error.data?.settlement ? { kind: 'settled', settlement: error.data.settlement as Settlement } : { kind: 'closed' }
    case 'forbidden':
    case 'unauthorized':
      return { kind: 'denied', to }
    case 'invalid-output':
    case 'invalid-input':
    case 'already-voted':
    case 'tool-unavailable':
      return { kind: 'invalid', message: error.message }
    case 'call-not-found':
    case 'not-awaiting':
    case 'not-found':
      return to === 'answer' ? { kind: 'closed' } : null
    case 'write-conflict':
    case 'queue-full':
    case 'turn-in-progress':
      return { kind: 'retry', message: error.message }
    default:
      return null
  }
}
