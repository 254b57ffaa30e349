import type { PendingCall } from './pending-call.ts'

/** `4 h`, `15 min`, `90 s`, `2 d`: a duration in milliseconds for people, in its largest whole unit (else rounded to a tenth). */
export function durationText(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's']
  ]
  const [size, name] = units.find(([unit]) => ms >= unit && ms % unit === 0) ?? units.find(([unit]) => ms >= unit) ?? [1, 'ms']
  return `${Math.round((ms / size) * 10) / 10} ${name}`
}

/**
 * What a card says of an escalated call (docs/chat/reach-people.md "Escalation"): `Escalated to
 * lead@example.com after 4 h`, the time counted from when the call started waiting; `null` for a
 * call that was not escalated.
 */
export function escalationText(call: Pick<PendingCall, 'createdAt' | 'escalatedTo' | 'escalatedAt'>): string | null {
  if (!call.escalatedAt || !call.escalatedTo) return null
  const waited = new Date(call.escalatedAt).getTime() - new Date(call.createdAt).getTime()
  // The sweeper's tick lands a little after the due time: "after 4 h", not "after 4.0 h".
  const rounded = waited >= 60_000 ? Math.round(waited / 60_000) * 60_000 : Math.round(waited / 1000) * 1000
  return `Escalated to ${call.escalatedTo.join(', ')} after ${durationText(Math.max(rounded, 1000))}`
}
