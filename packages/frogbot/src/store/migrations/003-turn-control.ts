import type { Kysely } from 'kysely'

/** `stop_requested_at`: set when someone stops a running turn; the process running it aborts it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('frogbot_chats').addColumn('stop_requested_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('frogbot_chats').dropColumn('stop_requested_at').execute()
}
