import type { Kysely } from 'kysely'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { Database } from '../store/database-schema.ts'
import { addressKey } from './login-rate-limit.ts'

/** At most `failures` wrong bearer tokens per client address within `windowSeconds`. */
export type TokenGuessLimit = { failures: number; windowSeconds: number }

/** The default: 20 wrong tokens a minute per address (`auth.tokenGuessLimit` changes it). */
export const TOKEN_GUESS_LIMIT: TokenGuessLimit = { failures: 20, windowSeconds: 60 }

/**
 * Throttles guessing of API tokens by client address. The wrong tokens are counted in the
 * database (`frogbot_login_attempts`, keys `token:address:…`), so the limit holds across server
 * processes; each process also remembers the addresses it found over the limit, so a refused
 * guess costs a map lookup and a valid token no query at all.
 * - `check(address)` throws `FrogbotError('too-many-requests')` with `retryAfter` (seconds) while
 *   the address is over the limit in this process. A token this process verified lately still
 *   passes, so a client sharing an address with a guesser keeps working.
 * - `failed(address)` records a wrong token and, once the address passes the limit, refuses it
 *   until its oldest counted guess leaves the window.
 * - `verified(token)` records a token hash that was just found valid.
 * An unknown address (`null`) is not limited.
 */
export function tokenGuessLimiter(db: Kysely<Database>, { limit = TOKEN_GUESS_LIMIT, now = () => new Date(), newId }: { limit?: TokenGuessLimit; now?: () => Date; newId: (prefix: string) => string }) {
  const blockedUntil = new Map<string, number>()
  const recentlyValid = new Map<string, number>()
  const windowMs = limit.windowSeconds * 1000
  const forgetExpired = (at: number) => {
    for (const [key, until] of blockedUntil) if (until <= at) blockedUntil.delete(key)
    for (const [hash, until] of recentlyValid) if (until <= at) recentlyValid.delete(hash)
  }
  return {
    check(address: string | null, tokenHash: string) {
      if (address === null) return
      const at = now().getTime()
      const until = blockedUntil.get(`token:${addressKey(address)}`)
      if (until === undefined || until <= at || (recentlyValid.get(tokenHash) ?? 0) > at) return
      const seconds = Math.max(1, Math.ceil((until - at) / 1000))
      throw new FrogbotError('too-many-requests', `Too many wrong API tokens from this address; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, { retryAfter: seconds })
    },
    async failed(address: string | null) {
      if (address === null) return
      const at = now()
      const key = `token:${addressKey(address)}`
      const since = new Date(at.getTime() - windowMs).toISOString()
      await db.deleteFrom('frogbot_login_attempts').where('key', 'like', 'token:%').where('attempted_at', '<=', since).execute()
      await db.insertInto('frogbot_login_attempts').values({ id: newId('att'), key, attempted_at: at.toISOString() }).execute()
      const guesses = await db.selectFrom('frogbot_login_attempts').select('attempted_at').where('key', '=', key).where('attempted_at', '>', since).orderBy('attempted_at', 'desc').limit(limit.failures).execute()
      forgetExpired(at.getTime())
      if (guesses.length >= limit.failures) blockedUntil.set(key, Date.parse(guesses.at(-1)!.attempted_at) + windowMs)
    },
    verified(tokenHash: string) {
      recentlyValid.set(tokenHash, now().getTime() + 10 * windowMs)
      if (recentlyValid.size > 10_000) forgetExpired(now().getTime())
    }
  }
}

/** The limiter of one FrogBot instance; see {@link tokenGuessLimiter}. */
export type TokenGuessLimiter = ReturnType<typeof tokenGuessLimiter>
