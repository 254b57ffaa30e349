import { emailProblem } from '@frogbotai/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../store/database-schema.ts'
import { randomId } from '../ids/random-id.ts'
import type { User } from '../contract/caller.ts'
import { hashPassword, needsRehash, passwordProblem, verifyNothing, verifyPassword } from './password-hash.ts'
import { deleteUserSessions } from './sessions.ts'

/** The user with this email (compared in lower case), or `null`. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | null> {
  const row = await db.selectFrom('frogbot_users').select(['id', 'email', 'name']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
  return row ?? null
}

/** The user with this id, or `null`. */
export async function findUserById(db: Kysely<Database>, id: string): Promise<User | null> {
  return (await db.selectFrom('frogbot_users').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst()) ?? null
}

/** A user as `frogbot users list` shows them: whether they have a password, never its hash; `createdAt` is ISO 8601. */
export type UserListing = { email: string; name: string | null; hasPassword: boolean; createdAt: string }

/** Every user, oldest first. */
export async function listUsers(db: Kysely<Database>): Promise<UserListing[]> {
  const rows = await db.selectFrom('frogbot_users').select(['email', 'name', 'password_hash', 'created_at']).orderBy('created_at').execute()
  return rows.map((row) => ({ email: row.email, name: row.name, hasPassword: Boolean(row.password_hash), createdAt: row.created_at }))
}

/**
 * Returns the user with `email`, creating it (without a password) when it does not exist.
 * Throws an `Error` naming the rule (`email: …`) when `email` is one sign-in refuses: the one rule
 * of an email, `emailProblem` of `@frogbotai/protocol` (no control or invisible character, at most
 * 320 characters, the shape of an email).
 */
export async function ensureUser(db: Kysely<Database>, { email, name = null }: { email: string; name?: string | null }): Promise<User> {
  const problem = emailProblem(email)
  if (problem) throw new Error(`email: ${problem}`)
  const normalized = email.trim().toLowerCase()
  await db
    .insertInto('frogbot_users')
    .values({ id: randomId('user'), email: normalized, name, password_hash: null, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute()
  return (await findUserByEmail(db, normalized))!
}

/**
 * Sets (or replaces) the password of `userId`, hashed with scrypt, and signs the user out of every
 * session: a changed password ends the sessions that the old one opened. Throws an `Error` naming
 * the rule when the password is too short or too long.
 */
export async function setPassword(db: Kysely<Database>, userId: string, password: string): Promise<void> {
  const problem = passwordProblem(password)
  if (problem) throw new Error(problem)
  const hash = await hashPassword(password)
  await db.updateTable('frogbot_users').set({ password_hash: hash }).where('id', '=', userId).execute()
  await deleteUserSessions(db, userId)
}

/**
 * The user whose email and password match, or `null`. Takes the same time for an unknown email,
 * a user without a password and a wrong password, so the result does not reveal which it was.
 * A match stored with older scrypt parameters is rehashed with the current ones.
 */
export async function checkPassword(db: Kysely<Database>, email: string, password: string): Promise<User | null> {
  const row = await db
    .selectFrom('frogbot_users')
    .select(['id', 'email', 'name', 'password_hash'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  if (!row?.password_hash) return verifyNothing(password).then(() => null)
  if (!(await verifyPassword(password, row.password_hash))) return null
  if (needsRehash(row.password_hash)) {
    const hash = await hashPassword(password)
    await db.updateTable('frogbot_users').set({ password_hash: hash }).where('id', '=', row.id).where('password_hash', '=', row.password_hash).execute()
  }
  return { id: row.id, email: row.email, name: row.name }
}
