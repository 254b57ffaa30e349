import { createHash } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import type { Kysely } from 'kysely'
import type { Database } from '../store/database-schema.ts'

/**
 * At most `failures` failed sign-ins per client address, and per account from addresses that are
 * not known for it, within `windowSeconds`.
 */
export type LoginLimit = { failures: number; windowSeconds: number }

/** How long an address that signed in to an account stays known for it: 30 days. */
export const KNOWN_ADDRESS_DAYS = 30

/** The default limit: 10 failures per 15 minutes (`auth.loginRateLimit` changes it). */
export const LOGIN_LIMIT: LoginLimit = { failures: 10, windowSeconds: 15 * 60 }

/**
 * The attempt rows a sign-in holds while its password is checked, and the row that marks its
 * address known for the account should it succeed; see {@link reserveLoginAttempt}.
 */
export type LoginReservation = { ids: string[]; known: { id: string; key: string; attempted_at: string } | null }

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

/** The key of the row saying `address` signed in to the account of `account` lately. */
function knownKey(account: string, address: string): string {
  return `known:${account.slice('account:'.length)}:${addressKey(address).slice('address:'.length)}`
}

/**
 * Takes one sign-in attempt against the limits of the client address and of the account
 * (`address` may be `null` when it is unknown; then only the account is limited).
 *
 * The account's limit stops guesses spread over many addresses, but it does not hold an address
 * that signed in to the account within {@link KNOWN_ADDRESS_DAYS} days: a guesser elsewhere cannot
 * lock the owner out of the places they sign in from, and each address, the owner's too, is still
 * held by its own limit.
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
  const knownSince = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 24 * 3600 * 1000).toISOString()
  await db
    .deleteFrom('frogbot_login_attempts')
    .where((eb) =>
      eb.or([
        eb.and([eb.or([eb('key', 'like', 'account:%'), eb('key', 'like', 'address:%')]), eb('attempted_at', '<=', since)]),
        eb.and([eb('key', 'like', 'known:%'), eb('attempted_at', '<=', knownSince)])
      ])
    )
    .execute()
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
    if (key === account && address && (await isKnown(db, knownKey(account, address), knownSince))) continue
    // Refused: it opens again once enough of the other attempts have left the window to leave
    // room for one more.
    const others = attempts.filter((attempt) => !mine.has(attempt.id))
    const freeing = others[Math.max(0, others.length - limit.failures)]
    retryAt = Math.max(retryAt, Date.parse(freeing.attempted_at) + windowMs)
  }
  const known = address ? { id: newId('att'), key: knownKey(account, address), attempted_at: now.toISOString() } : null
  if (retryAt === 0) return { ok: true, reservation: { ids: [...mine], known } }
  await db.deleteFrom('frogbot_login_attempts').where('id', 'in', [...mine]).execute()
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)) }
}

/** Whether the row `key` (an address known for an account) was written after `since`. */
async function isKnown(db: Kysely<Database>, key: string, since: string): Promise<boolean> {
  const row = await db.selectFrom('frogbot_login_attempts').select('id').where('key', '=', key).where('attempted_at', '>', since).executeTakeFirst()
  return row !== undefined
}

/**
 * A sign-in succeeded: its own attempt rows are removed and its address becomes known for the
 * account. Other failures stay until they leave the window: the address's, so signing in to one's
 * own account between guesses at others does not reset the address limit, and the account's, so
 * the owner signing in does not give a guesser elsewhere a fresh allowance.
 */
export async function loginSucceeded(db: Kysely<Database>, reservation: LoginReservation): Promise<void> {
  const { ids, known } = reservation
  await db
    .deleteFrom('frogbot_login_attempts')
    .where((eb) => (known ? eb.or([eb('id', 'in', ids), eb('key', '=', known.key)]) : eb('id', 'in', ids)))
    .execute()
  if (known) await db.insertInto('frogbot_login_attempts').values(known).execute()
}
