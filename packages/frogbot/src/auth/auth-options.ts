import type { User } from '../contract/caller.ts'

/**
 * How callers sign in, besides API tokens and the built-in email + password sessions.
 * - `authenticate`: a custom strategy, tried after API tokens and the session cookie: return the
 *   user (any stable `id`), or `null` to pass (the caller is then anonymous).
 * - `sessionMaxAge`: how long a sign-in lasts, in seconds (default 7 days; at most 400 days).
 * - `clientAddress`: the caller's address for the sign-in rate limit. Default: the socket's
 *   address under `frogbot serve`, unknown elsewhere (then only the per-account limit applies).
 *   Behind a proxy, return the address it reports, e.g. the last `X-Forwarded-For` entry.
 * - `loginRateLimit`: failed sign-ins allowed per address, and per account from addresses that
 *   have not signed in to it lately, within a window (default 10 per 900 seconds); more answer
 *   429 with `Retry-After`. An address that signed in to the account within 30 days is not held
 *   by the account's limit, so guesses from elsewhere cannot lock the owner out (docs/auth/overview.md).
 * - `tokenGuessLimit`: wrong bearer tokens allowed per address within a window (default 20 per
 *   60 seconds); more answer 429 with `Retry-After`.
 */
export type AuthOptions = {
  authenticate?: (request: Request) => User | null | Promise<User | null>
  sessionMaxAge?: number
  clientAddress?: (request: Request) => string | null | undefined
  loginRateLimit?: { failures?: number; windowSeconds?: number }
  tokenGuessLimit?: { failures?: number; windowSeconds?: number }
}
