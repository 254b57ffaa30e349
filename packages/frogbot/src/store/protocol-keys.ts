import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from './database-schema.ts'

/**
 * The signing key named `name` (migration `012-protocol-keys`): made at random (32 bytes,
 * base64url) by the first process that asks, then the same for every process of the database,
 * so that a state one signs another verifies.
 */
export async function protocolKey(db: Kysely<Database>, { name, now }: { name: string; now: string }): Promise<string> {
  await db
    .insertInto('frogbot_protocol_keys')
    .values({ name, secret: randomBytes(32).toString('base64url'), created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute()
  const row = await db.selectFrom('frogbot_protocol_keys').select('secret').where('name', '=', name).executeTakeFirstOrThrow()
  return row.secret
}

/**
 * Records `nonce` as used until `expiresAt` (ISO); `false` when it was used before (a replayed
 * state), in this process or another. Nonces past their expiry are dropped on the way.
 */
export async function useNonce(db: Kysely<Database>, { nonce, expiresAt, now }: { nonce: string; expiresAt: string; now: string }): Promise<boolean> {
  await db.deleteFrom('frogbot_protocol_nonces').where('expires_at', '<', now).execute()
  const result = await db
    .insertInto('frogbot_protocol_nonces')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}
