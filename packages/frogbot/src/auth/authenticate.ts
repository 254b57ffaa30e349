import type { Kysely } from 'kysely'
import type { AuthOptions } from './auth-options.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { Database } from '../store/database-schema.ts'
import { hashToken, verifyApiToken } from './api-tokens.ts'
import type { TokenGuessLimiter } from './token-guess-limit.ts'
import type { Caller } from '../contract/caller.ts'
import { readSessionCookie } from './session-cookie.ts'
import { verifySession } from './sessions.ts'

/**
 * A session cookie that no longer signs anyone in (expired, signed out, password changed, user
 * deleted, or not a session at all). The HTTP layer answers 401 and clears the cookie.
 */
export class StaleSessionError extends FrogbotError {
  constructor() {
    super('unauthorized', 'Your session has expired or was ended; sign in again.')
    this.name = 'StaleSessionError'
  }
}

/**
 * What {@link authenticate} needs besides the request: the clock, the configured `serverURL`, and
 * to throttle wrong bearer tokens, the caller's `address` and the instance's `tokenGuesses`.
 */
export type AuthenticateOptions = { now?: Date; serverURL?: string; address?: string | null; tokenGuesses?: TokenGuessLimiter }

/**
 * Who sent an HTTP request, trying in order:
 * 1. `Authorization: Bearer <token>`, an API token;
 * 2. the session cookie set by `POST /api/auth/login`;
 * 3. the custom `auth.authenticate(request)` strategy;
 * 4. else an anonymous caller (`user: null`).
 *
 * Throws `FrogbotError('unauthorized')` for a bearer token that is unknown or revoked,
 * `FrogbotError('too-many-requests')` while the address has sent too many of those, and
 * {@link StaleSessionError} for a session cookie that no longer signs anyone in, so a bad
 * credential is never silently treated as anonymous. Tokens and sessions are looked up in the
 * database on every request, so revoking a token or signing out takes effect at once everywhere.
 */
export async function authenticate(
  db: Kysely<Database>,
  request: Request,
  auth: AuthOptions = {},
  { now = new Date(), serverURL, address = null, tokenGuesses }: AuthenticateOptions = {}
): Promise<Caller> {
  const base = { entryPoint: 'http' as const, headers: request.headers, request }
  const header = request.headers.get('authorization')
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (!match) throw new FrogbotError('unauthorized', 'Authorization: expected "Bearer <token>".')
    const tokenHash = hashToken(match[1])
    tokenGuesses?.check(address, tokenHash)
    const verified = await verifyApiToken(db, match[1])
    if (!verified) await tokenGuesses?.failed(address)
    else tokenGuesses?.verified(tokenHash)
    if (!verified) throw new FrogbotError('unauthorized', 'The API token is unknown or revoked; create one with `npx frogbot tokens create`.')
    return { ...base, ...verified }
  }
  const cookie = readSessionCookie(request, serverURL)
  if (cookie !== null) {
    const session = await verifySession(db, cookie, now)
    if (!session) throw new StaleSessionError()
    return { ...base, user: session.user, credential: session.credential }
  }
  const user = auth.authenticate ? await auth.authenticate(request) : null
  if (user) return { ...base, user, credential: { type: 'custom' } }
  return { ...base, user: null, credential: { type: 'anonymous' } }
}
