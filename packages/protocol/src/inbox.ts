import { z } from 'zod'
import { PendingCallSchema } from './pending-call.ts'
import { PageLimit } from './requests.ts'
import { boundedText, maxUtf16Units } from './text-length.ts'

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const

/**
 * Milliseconds of a duration: a whole number of milliseconds (`5000`), or a whole number with a
 * unit, `ms`, `s`, `m`, `h`, `d` or `w` (`90s`, `15m`, `2h`, `1d`); `null` for anything else, and
 * for more milliseconds than a safe integer holds.
 */
export function durationMs(text: string): number | null {
  const match = /^(\d{1,20})(ms|s|m|h|d|w)?$/.exec(text.trim())
  if (!match) return null
  const ms = Number(match[1]) * UNIT_MS[(match[2] ?? 'ms') as keyof typeof UNIT_MS]
  return Number.isSafeInteger(ms) ? ms : null
}

/**
 * An ISO 8601 date, or date and time with or without an offset: year, month, day, time, offset.
 * A space before the offset's hours is a `+` a query string decoded (`T09:00:00+01:00` sent
 * unescaped arrives as `T09:00:00 01:00`).
 */
const ISO_TIME = /^(\d{4})-(\d\d)-(\d\d)(T[\d:.]+(Z|[+ -]\d\d:?\d\d)?)?$/

/** The earliest instant a `Date` holds (ECMA-262, "Time Values and Time Range"), in milliseconds. */
const EARLIEST_MS = -8.64e15

/**
 * The instant an inbox age filter names (`olderThan`, `newerThan`): a duration before `now` (see
 * {@link durationMs}: `2h` is two hours ago), or an ISO 8601 date or time (`2026-12-01`,
 * `2026-12-01T09:00:00Z`), as an ISO string; `null` when it is neither, a day its month does
 * not have (`2026-02-30`), or a duration reaching back past the earliest date a `Date` holds. A
 * date alone, and a time without an offset, are UTC, whatever the server's time zone
 * (`Date.parse` would read the time in it).
 */
export function ageInstant(text: string, now: Date): string | null {
  const ms = durationMs(text)
  if (ms !== null) return now.getTime() - ms < EARLIEST_MS ? null : new Date(now.getTime() - ms).toISOString()
  const trimmed = text.trim()
  const match = ISO_TIME.exec(trimmed)
  if (!match) return null
  const [, year, month, day, time, offset] = match
  const written = offset?.startsWith(' ') ? `${trimmed.slice(0, -offset.length)}+${offset.slice(1)}` : trimmed
  const at = Date.parse(time && !offset ? `${trimmed}Z` : written)
  if (Number.isNaN(at) || Number(day) > new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate()) return null
  return new Date(at).toISOString()
}

/**
 * Why `text` names no instant as an inbox age filter, or `null` when it names one (see
 * {@link ageInstant}): a duration reaching back past the earliest date there is, or neither a
 * duration nor an ISO 8601 date or time.
 */
export function ageProblem(text: string, now: Date): string | null {
  if (ageInstant(text, now) !== null) return null
  if (/^\d+(ms|s|m|h|d|w)?$/.test(text.trim())) {
    return 'is a duration reaching back past the earliest date there is (100,000,000 days before 1970): give a shorter one, or an ISO 8601 time (2026-12-01T09:00:00Z)'
  }
  return 'must be a duration (milliseconds, or 90s, 15m, 2h, 1d, 1w) or an ISO 8601 date or time'
}

const age = (name: string) =>
  z
    .string()
    .superRefine((text, context) => {
      const problem = ageProblem(text, new Date())
      if (problem !== null) context.addIssue({ code: 'custom', message: problem })
    })
    .optional()
    .describe(`${name}: a duration before now (15m, 2h, 1d) or an ISO 8601 time`)

/** The rule of a `cursor` that is no inbox page's `nextCursor`. */
const NOT_A_CURSOR = 'not a cursor: pass the nextCursor of the previous page'

/**
 * Query of `GET /api/pending`, the inbox (docs/chat/reach-people.md, "The inbox"): `agent` (a
 * slug), `kind` (`question`, `approval`, a client tool's kind), `olderThan` / `newerThan` (calls
 * that started waiting before / after that instant: a duration before now or an ISO time), `limit`
 * (1–100, default 20) and `cursor` (the `nextCursor` of the previous page).
 */
export const InboxQuery = z.strictObject({
  agent: boundedText(64).optional(),
  kind: boundedText(200).optional(),
  olderThan: age('olderThan'),
  newerThan: age('newerThan'),
  limit: PageLimit,
  cursor: maxUtf16Units(z.string().min(1, NOT_A_CURSOR), 1000, NOT_A_CURSOR)
    .optional()
    .describe('the nextCursor of the previous page')
})

/** A call of the inbox: the pending call (seed: "Answer over HTTP") and its chat's `title` (`null`: untitled). */
export const InboxCallSchema = PendingCallSchema.extend({ title: z.string().nullable().describe("the chat's title") })

/** See {@link InboxCallSchema}. */
export type InboxCall = z.output<typeof InboxCallSchema>

/**
 * `GET /api/pending`: every call the caller may answer, across chats and agents, newest first;
 * pass `nextCursor` as `cursor` for the next page (`null`: the last page). A page may hold fewer
 * than `limit` calls where a tool's own `access` refuses the caller.
 */
export const InboxSchema = z.object({ pending: z.array(InboxCallSchema), nextCursor: z.string().nullable() })

/** See {@link InboxSchema}. */
export type Inbox = z.output<typeof InboxSchema>
