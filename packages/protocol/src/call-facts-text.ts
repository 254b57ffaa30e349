import { escalationText } from './escalation-text.ts'
import type { PendingCall } from './pending-call.ts'

/** A person an assignee entry names, for a card: an email's name part in words (`dana.smith@…` → `Dana Smith`), a user id as it is. */
export function assigneeName(entry: string): string {
  const at = entry.indexOf('@')
  if (at <= 0) return entry
  return entry
    .slice(0, at)
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * Who a waiting call asks, for its card (docs/chat/reach-people.md, "Who is asked"): "Waiting for
 * Dana", "Waiting for you and Dana", "Waiting for Dana, Carl and 2 others". `me` is the signed-in
 * user (their id and email name them "you"); without one (a shared thread) everyone is named.
 * Empty for a call that names nobody.
 */
export function assigneesText(assignees: readonly string[] | undefined, me?: { id: string; email: string } | null): string {
  if (!assignees || assignees.length === 0) return ''
  const mine = (entry: string) => Boolean(me) && (entry === me!.id || entry.toLowerCase() === me!.email.toLowerCase())
  const names = [...(assignees.some(mine) ? ['you'] : []), ...assignees.filter((entry) => !mine(entry)).map(assigneeName)]
  const shown = names.length > 3 ? [...names.slice(0, 2), `${names.length - 2} others`] : names
  const list = shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
  return `Waiting for ${list}`
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * When a waiting call expires, from `now` (ms since the epoch): "expires in less than a minute",
 * "expires in 45 min", "expires in 2 h", "expires in 3 days"; "expired" once past; empty for an
 * unreadable time.
 */
export function expiresInText(expiresAt: string, now: number): string {
  const left = Date.parse(expiresAt) - now
  if (!Number.isFinite(left)) return ''
  if (left <= 0) return 'expired'
  if (left < MINUTE) return 'expires in less than a minute'
  if (left < HOUR) return `expires in ${Math.round(left / MINUTE)} min`
  if (left < 2 * DAY) return `expires in ${Math.round(left / HOUR)} h`
  return `expires in ${Math.round(left / DAY)} days`
}

/** A call as {@link callFactsText} reads it: every field optional but what it needs. */
export type CallFactsSource = Partial<Pick<PendingCall, 'assignees' | 'expiresAt' | 'createdAt' | 'escalatedTo' | 'escalatedAt'>>

/**
 * What a waiting call's card says of the call itself, one line each, in the order every card shows
 * them (docs/chat/reach-people.md): who is asked ("Waiting for Dana"), whether it was escalated
 * ("Escalated to lead@example.com after 4 h") and when it expires ("Expires in 2 h", "Expired").
 * `now` counts the expiry; `me` names the signed-in user "you" (none in a shared thread). The
 * admin chat, `@frogbotai/ui` and the channel pieces draw these same words. Empty for a call
 * without any.
 */
export function callFactsText(call: CallFactsSource, { now, me }: { now: number; me?: { id: string; email: string } | null }): string[] {
  const asks = assigneesText(call.assignees, me)
  const escalated = call.createdAt ? escalationText({ createdAt: call.createdAt, escalatedTo: call.escalatedTo, escalatedAt: call.escalatedAt }) : null
  const expires = call.expiresAt ? expiresInText(call.expiresAt, now) : ''
  return [asks, escalated ?? '', expires ? expires.charAt(0).toUpperCase() + expires.slice(1) : ''].filter(Boolean)
}
