import { createHash } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import type { Kysely } from 'kysely'
import type { Database } from '../store/database-schema.ts'

/** At most `failures` failed sign-ins per account and per client address within `windowSeconds`. */
export type LoginLimit = { failures: number; windowSeconds: number }

/** The default limit: 10 failures per 15 minutes (`auth.loginRateLimit` changes it). */
export const LOGIN_LIMIT: LoginLimit = { failures: 10, windowSeconds: 15 * 60 }

/** The attempt rows a sign-in holds while its password is checked; see {@link reserveLoginAttempt}. */
export type LoginReservation = { ids: string[]; accountKey: string }

/**
 * The rate-limit key of an account. The email is hashed so the table never holds what people
 * typed into the email field (sometimes a password); unknown emails are limited the same way as
 * known ones, so a 429 does not reveal whether an account exists.
 */
function accountKey(email: string): string {
  return `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`
}

/**
 * The rate-limit key of a client address: an IPv4 address as is (also when IPv4-mapped), an IPv6
 * address by its /64 prefix (one host usually holds a whole /64).
 */
export function addressKey(address: string): string {
  let value = address.trim().toLowerCase().replace(/%.*$/, '')
  if (value.startsWith('::ffff:') && isIPv4(value.slice(7))) value = value.slice(7)
  if (isIPv6(value)) {
    const [head, tail] = value.split('::')
    const before = head ? head.split(':') : []
    const after = tail ? tail.split(':') : []
    const groups = tail === undefined ? before : [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after]
    return `address:${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`
  }
  return `address:${value.slice(0, 100)}`
}

/**
 * Takes one sign-in attempt against the limits of the account and of the client address
 * (`address` may be `null` when it is unknown; then only the account is limited).
 *
 * The attempt is written first and counted after, so parallel attempts, in this process or in
 * others on the same database, can never together get past the limit: an attempt that finds more
 * than `limit.failures` rows in the window is refused and its rows removed. A refused
 * attempt does not count, so waiting `retryAfterSeconds` always opens the door again. The rows of
 * an attempt that goes on stay as failures unless {@link loginSucceeded} removes them.
 */
export async function reserveLoginAttempt(
  db: Kysely<Database>,
  { email, address, now, newId, limit = LOGIN_LIMIT }: { email: string; address: string | null; now: Date; newId: (prefix: string) => string; limit?: LoginLimit }
): Promise<{ ok: true; reservation: LoginReservation } | { ok: false; retryAfterSeconds: number }> {
  const windowMs = limit.windowSeconds * 1000
  const since = new Date(now.getTime() - windowMs).toISOString()
  await db.deleteFrom('frogbot_login_attempts').where('attempted_at', '<=', since).execute()
  const account = accountKey(email)
  const keys = address ? [account, addressKey(address)] : [account]
  const rows = keys.map((key) => ({ id: newId('att'), key, attempted_at: now.toISOString() }))
  await db.insertInto('frogbot_login_attempts').values(rows).execute()
  const mine = new Set(rows.map((row) => row.id))

  let retryAt = 0
  for (const key of keys) {
    const attempts = await db
      .selectFrom('frogbot_login_attempts')
      .select(['id', 'attempted_at'])
      .where('key', '=', key)
      .where('attempted_at', '>', since)
      .orderBy('attempted_at')
      .orderBy('id')
      .execute()
    if (attempts.length <= limit.failures) continue
    // Refused: it opens again once enough of the other attempts have left the window to leave
    // room for one more.
    const others = attempts.filter((attempt) => !mine.has(attempt.id))
    const freeing = others[Math.max(0, others.length - limit.failures)]
    retryAt = Math.max(retryAt, Date.parse(freeing.attempted_at) + windowMs)
  }
  if (retryAt === 0) return { ok: true, reservation: { ids: [...mine], accountKey: account } }
  await db.deleteFrom('frogbot_login_attempts').where('id', 'in', [...mine]).execute()
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)) }
}

/**
 * A sign-in succeeded: its own attempt rows are removed and the account's failures are forgotten.
 * The address's earlier failures stay, so signing in to one's own account between guesses at
 * others does not reset the address limit.
 */
export async function loginSucceeded(db: Kysely<Database>, reservation: LoginReservation): Promise<void> {
  await db
    .deleteFrom('frogbot_login_attempts')
    .where((eb) => eb.or([eb('id', 'in', reservation.ids), eb('key', '=', reservation.accountKey)]))
    .execute()
}
