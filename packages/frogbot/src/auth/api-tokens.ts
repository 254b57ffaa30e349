import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../store/database-schema.ts'
import { precompiled } from '../store/precompiled.ts'
import { randomId } from '../ids/random-id.ts'
import type { Credential, User } from '../contract/caller.ts'

/** Hex SHA-256 of a token. Tokens carry 256 random bits, so a fast hash is enough to store them. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The visible start of a token, kept to tell tokens apart in lists and settlements: `fbt_` and 6
 * random characters for generated tokens, only 4 characters of a token you chose yourself (such as
 * `FROGBOT_TOKEN`), so little of a short secret is ever shown.
 */
export function tokenPrefix(token: string): string {
  return token.startsWith('fbt_') ? token.slice(0, 10) : token.slice(0, 4)
}

/** A new random API token: `fbt_` + 256 random bits in base64url. */
export function newTokenValue(): string {
  return `fbt_${randomBytes(32).toString('base64url')}`
}

/**
 * Stores an API token for `userId` under `name` and returns the token itself, which is shown once:
 * only its hash and prefix are stored. Pass `token` to register a given value (for example
 * `FROGBOT_TOKEN`) of at least 16 characters. Registering the same value again changes nothing.
 */
export async function createApiToken(db: Kysely<Database>, { userId, name, token = newTokenValue() }: { userId: string; name: string; token?: string }) {
  if (token.length < 16) throw new Error('token: must be at least 16 characters')
  const record = { id: randomId('tok'), user_id: userId, name, prefix: tokenPrefix(token), token_hash: hashToken(token), created_at: new Date().toISOString(), last_used_at: null, revoked_at: null }
  await db.insertInto('frogbot_api_tokens').values(record).onConflict((conflict) => conflict.column('token_hash').doNothing()).execute()
  return { token, id: record.id, prefix: record.prefix, name }
}

/** API tokens of a user (never the token values), newest first. */
export async function listApiTokens(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('frogbot_api_tokens')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute()
}

/**
 * The tokens not revoked whose id or prefix is `given`, or whose value it is (matched by its hash,
 * as sign-in does: the value itself is never stored); more than one when a short prefix is shared.
 */
export async function activeTokensMatching(db: Kysely<Database>, given: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('frogbot_api_tokens')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('id', '=', given), eb('prefix', '=', given), eb('token_hash', '=', hashToken(given))]))
    .where('revoked_at', 'is', null)
    .execute()
}

/** Revokes the token `id` as of `now`: every server refuses it from its next request (tokens are checked in the database on each). */
export async function revokeApiToken(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db.updateTable('frogbot_api_tokens').set({ revoked_at: now.toISOString() }).where('id', '=', id).execute()
}

const tokenOwner = precompiled((db, tokenHash: string) =>
  db
    .selectFrom('frogbot_api_tokens as t')
    .innerJoin('frogbot_users as u', 'u.id', 't.user_id')
    .select(['t.id as tokenId', 't.name', 't.prefix', 't.last_used_at', 'u.id', 'u.email', 'u.name as userName'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
)

/**
 * The user and credential a bearer token stands for, or `null` when the token is unknown or
 * revoked. Looked up in the database on every request, so a revocation takes effect at once in
 * every process. Records `last_used_at` at most once a minute.
 */
export async function verifyApiToken(db: Kysely<Database>, token: string): Promise<{ user: User; credential: Credential } | null> {
  const [row] = (await tokenOwner(db, hashToken(token))).rows
  if (!row) return null
  const now = new Date()
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > 60_000) {
    await db.updateTable('frogbot_api_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', row.tokenId).execute()
  }
  return {
    user: { id: row.id, email: row.email, name: row.userName },
    credential: { type: 'token', tokenId: row.tokenId, name: row.name, prefix: row.prefix }
  }
}
