import type { Kysely } from 'kysely'
import type { AuthOptions } from '../config/options.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { Database } from '../store/database-schema.ts'
import { verifyApiToken } from './api-tokens.ts'
import type { FrogbotRequest } from './frogbot-request.ts'

/**
 * Who sent an HTTP request: a valid `Authorization: Bearer <token>` API token, else the custom
 * `auth.authenticate(request)` strategy, else an anonymous caller (`user: null`).
 * Throws `FrogbotError('unauthorized')` for a bearer token that is unknown or revoked, so a bad
 * token is never silently treated as anonymous.
 */
export async function authenticate(db: Kysely<Database>, request: Request, auth: AuthOptions = {}): Promise<FrogbotRequest> {
  const base = { entryPoint: 'http' as const, headers: request.headers, request }
  const header = request.headers.get('authorization')
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (!match) throw new FrogbotError('unauthorized', 'Authorization: expected "Bearer <token>".')
    const verified = await verifyApiToken(db, match[1])
    if (!verified) throw new FrogbotError('unauthorized', 'The API token is unknown or revoked; create one with `npx frogbot tokens create`.')
    return { ...base, ...verified }
  }
  const user = auth.authenticate ? await auth.authenticate(request) : null
  if (user) return { ...base, user, credential: { type: 'custom' } }
  return { ...base, user: null, credential: { type: 'anonymous' } }
}
