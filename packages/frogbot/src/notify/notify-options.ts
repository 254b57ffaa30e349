/** A duration: milliseconds, or a number with a unit: `'90s'`, `'15m'`, `'2h'`, `'1d'`. */
export type Duration = number | `${number}${'s' | 'm' | 'h' | 'd'}`

/**
 * `buildConfig({ notify })` (docs/chat/reach-people.md): who is told that a call waits, how, and
 * when again. Every notice carries answer links for its recipient.
 * - `email.from`: the sender of notice emails, sent through the SMTP server of `SMTP_URL`
 *   (`smtp://` or `smtps://`); with `SMTP_URL` unset each email is logged instead, links included.
 * - `webhook`: `url` receives each event as a JSON `POST` signed with `secret` in the header
 *   `frogbot-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 * - `remind`: durations after the first notice at which the recipients are reminded, while the
 *   call still waits; each goes out once across every server process.
 * - `escalate`: `after` the first notice, the addresses in `to` are told too and may answer.
 * - `linkTtl`: how long an answer link works (default 72 h); every link is void once its call settled.
 * - `pieces`: instance names of configured pieces that can send direct messages (Slack, Microsoft
 *   Teams, Discord, Telegram): each recipient known on one of them gets the call's own card in a
 *   direct message, answered there (the first piece in the list that knows them).
 */
export type NotifyOptions = {
  email?: { from: string }
  webhook?: { url: string; secret: string }
  remind?: Duration[]
  escalate?: { after: Duration; to: string[] }
  linkTtl?: Duration
  pieces?: string[]
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** Milliseconds of a {@link Duration}, or `null` when it is none (not positive, not a number, unknown unit). */
export function durationMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null
  if (typeof value !== 'string') return null
  const match = /^(\d+(?:\.\d+)?)(s|m|h|d)$/.exec(value.trim())
  if (!match) return null
  const ms = Number(match[1]) * UNITS[match[2]]
  return ms > 0 ? ms : null
}

/** The timeline of a call's notices after the first: each reminder and the escalation, in ms after the first notice. */
export type NoticePlan = { remindMs: number[]; escalateMs: number | null; escalateTo: string[]; linkTtlMs: number }

/** The {@link NoticePlan} of checked options: reminders sorted, 72 h links by default. */
export function noticePlan(options: NotifyOptions): NoticePlan {
  return {
    remindMs: (options.remind ?? []).map((value) => durationMs(value)!).sort((a, b) => a - b),
    escalateMs: options.escalate ? durationMs(options.escalate.after) : null,
    escalateTo: options.escalate?.to ?? [],
    linkTtlMs: options.linkTtl === undefined ? 72 * 3_600_000 : durationMs(options.linkTtl)!
  }
}
