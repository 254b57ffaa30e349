import type { Kysely } from 'kysely'
import type { Database } from '../store/database-schema.ts'
import { randomId } from '../turns/ids.ts'
import type { User } from './frogbot-request.ts'

const EMAIL = /^[^\s@]+@[^\s@]+$/

/** The user with this email (compared in lower case), or `null`. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | null> {
  const row = await db.selectFrom('frogbot_users').select(['id', 'email', 'name']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
  return row ?? null
}

/** The user with this id, or `null`. */
export async function findUserById(db: Kysely<Database>, id: string): Promise<User | null> {
  return (await db.selectFrom('frogbot_users').select(['id', 'email', 'name']).where('id', '=', id).executeTakeFirst()) ?? null
}

/**
 * Returns the user with `email`, creating it (without a password) when it does not exist.
 * Throws an `Error` naming the rule when `email` is not an email address.
 */
export async function ensureUser(db: Kysely<Database>, { email, name = null }: { email: string; name?: string | null }): Promise<User> {
  const normalized = email.trim().toLowerCase()
  if (!EMAIL.test(normalized)) throw new Error(`email: "${email}" is not an email address`)
  await db
    .insertInto('frogbot_users')
    .values({ id: randomId('user'), email: normalized, name, password_hash: null, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute()
  return (await findUserByEmail(db, normalized))!
}
