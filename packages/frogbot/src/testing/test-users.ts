import { createApiToken } from '../auth/api-tokens.ts'
import { ensureUser } from '../auth/users.ts'
import type { User } from '../contract/caller.ts'
import type { Frogbot } from '../frogbot.ts'
import { storeOf } from '../frogbot-internals.ts'

/** A FrogBot user with `email` (and `name`) in `frogbot`'s database, made if there is none yet; as `frogbot users create` without a password. */
export function createTestUser(frogbot: Frogbot, { email, name }: { email: string; name?: string }): Promise<User> {
  return ensureUser(storeOf(frogbot).db, { email, name: name ?? null })
}

/** A new API token of `user` (named `name`, default `test`), stored hashed as `frogbot tokens create` does: the token itself, for `Authorization: Bearer`. */
export async function createTestToken(frogbot: Frogbot, { user, name = 'test' }: { user: User; name?: string }): Promise<string> {
  return (await createApiToken(storeOf(frogbot).db, { userId: user.id, name })).token
}
