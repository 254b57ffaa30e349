import type { Kysely } from 'kysely'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import { type ChatRecord, toChatRecord } from './chat-records.ts'

/**
 * Reads a chat as the first step of a write transaction and holds it until the transaction ends,
 * so writes to one chat never interleave, whichever process makes them:
 * - PostgreSQL: `SELECT … FOR UPDATE` locks the chat's row. A second writer waits for the first to
 *   commit and then reads what it wrote (READ COMMITTED gives every later statement a fresh
 *   snapshot), so its checks and compare-and-sets see one consistent state;
 * - SQLite: the transaction already holds the database's write lock (`BEGIN IMMEDIATE`).
 * Returns `null` when the chat does not exist.
 */
export async function lockChat(trx: Kysely<Database>, adapter: DatabaseAdapter, chatId: string): Promise<ChatRecord | null> {
  const row = await trx
    .selectFrom('frogbot_chats')
    .selectAll()
    .where('id', '=', chatId)
    .$if(adapter.kind === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst()
  return row ? toChatRecord(row) : null
}
