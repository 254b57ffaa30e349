import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../store/database-schema.ts'
import { randomId } from '../ids/random-id.ts'
import type { Credential, User } from '../contract/caller.ts'

/** How long a session lasts when `auth.sessionMaxAge` is not set: 7 days, in seconds. */
export const DEFAULT_SESSION_MAX_AGE = 7 * 24 * 60 * 60

/** Shape of a session cookie value: `fbs_` + 256 random bits in base64url. */
const SESSION_TOKEN = /^fbs_[A-Za-z0-9_-]{43}$/

function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Opens a session for `userId` that ends `maxAgeSeconds` after `now` (an absolute lifetime; it is
 * not extended by use). Returns the cookie value, shown only to the browser: the database keeps
 * its SHA-256 hash, so a copy of the database cannot be used to sign in.
 * Also deletes sessions that have expired, to keep the table small.
 */
export async function createSession(db: Kysely<Database>, { userId, now, maxAgeSeconds }: { userId: string; now: Date; maxAgeSeconds: number }) {
  const token = `fbs_${randomBytes(32).toString('base64url')}`
  const id = randomId('ses')
  const expiresAt = new Date(now.getTime() + maxAgeSeconds * 1000)
  await db.deleteFrom('frogbot_sessions').where('expires_at', '<=', now.toISOString()).execute()
  await db
    .insertInto('frogbot_sessions')
    .values({ id, user_id: userId, token_hash: hashSessionToken(token), created_at: now.toISOString(), expires_at: expiresAt.toISOString() })
    .execute()
  return { token, id, expiresAt }
}

/**
 * The user and credential of a session cookie value, or `null` when it is malformed, unknown
 * (signed out, password changed, user deleted) or expired at `now`. Looked up on every request,
 * so signing out takes effect at once in every process.
 */
export async function verifySession(db: Kysely<Database>, token: string, now: Date): Promise<{ user: User; credential: Credential; expiresAt: string } | null> {
  if (!SESSION_TOKEN.test(token)) return null
  const row = await db
    .selectFrom('frogbot_sessions as s')
    .innerJoin('frogbot_users as u', 'u.id', 's.user_id')
    .select(['s.id as sessionId', 's.expires_at', 'u.id', 'u.email', 'u.name'])
    .where('s.token_hash', '=', hashSessionToken(token))
    .executeTakeFirst()
  if (!row || row.expires_at <= now.toISOString()) return null
  return { user: { id: row.id, email: row.email, name: row.name }, credential: { type: 'session', sessionId: row.sessionId }, expiresAt: row.expires_at }
}

/** Ends the session with this cookie value, if there is one (signing out). */
export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  if (!SESSION_TOKEN.test(token)) return
  await db.deleteFrom('frogbot_sessions').where('token_hash', '=', hashSessionToken(token)).execute()
}

/** Ends every session of a user (their password changed). Returns how many there were. */
export async function deleteUserSessions(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('frogbot_sessions').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}
