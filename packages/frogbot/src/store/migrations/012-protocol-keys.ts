import type { Kysely } from 'kysely'

/**
 * What the protocol doors (docs/protocols/mcp.md) hand to clients and take back signed:
 * - `frogbot_protocol_keys`: one random signing key per name (`mcp-request-state`), made by the
 *   first process that needs it, so that every process of one database verifies what another signed;
 * - `frogbot_protocol_nonces`: each signed state's nonce once it was used, until the state
 *   expires, so that a state replayed (also to another process) is refused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('frogbot_protocol_keys')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema
    .createTable('frogbot_protocol_nonces')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('frogbot_protocol_nonces_expiry').on('frogbot_protocol_nonces').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('frogbot_protocol_nonces').execute()
  await db.schema.dropTable('frogbot_protocol_keys').execute()
}
