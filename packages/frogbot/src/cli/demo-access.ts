import type { Kysely } from 'kysely'
import { createApiToken, listApiTokens } from '../auth/api-tokens.ts'
import { ensureUser } from '../auth/users.ts'
import type { Database } from '../store/database-schema.ts'

/** The user `frogbot serve` sets up on a fresh database so the walkthrough works at once. */
export const DEMO_EMAIL = 'demo@frogbot.local'

/**
 * How a newcomer gets an API token when `frogbot serve` starts:
 * - `FROGBOT_TOKEN` set → it is registered (hashed) as a token of the demo user;
 * - a database without users → the demo user and a new token are created and the token is
 *   returned once, to print;
 * - otherwise nothing is created.
 */
export async function prepareDemoAccess(db: Kysely<Database>, env: NodeJS.ProcessEnv) {
  const given = env.FROGBOT_TOKEN?.trim()
  if (given) {
    if (given.length < 16) throw new Error('FROGBOT_TOKEN: must be at least 16 characters')
    const user = await ensureUser(db, { email: DEMO_EMAIL, name: 'Demo user' })
    await createApiToken(db, { userId: user.id, name: 'FROGBOT_TOKEN', token: given })
    return { kind: 'env' as const, email: user.email }
  }
  const anyUser = await db.selectFrom('frogbot_users').select('id').limit(1).executeTakeFirst()
  if (!anyUser) {
    const user = await ensureUser(db, { email: DEMO_EMAIL, name: 'Demo user' })
    const { token } = await createApiToken(db, { userId: user.id, name: 'first start' })
    return { kind: 'created' as const, email: user.email, token }
  }
  const demo = await db.selectFrom('frogbot_users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst()
  const tokens = demo ? (await listApiTokens(db, demo.id)).filter((token) => !token.revoked_at) : []
  return { kind: 'existing' as const, email: demo ? DEMO_EMAIL : null, prefixes: tokens.map((token) => token.prefix) }
}
