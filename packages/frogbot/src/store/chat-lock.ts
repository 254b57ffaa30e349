import type { Kysely } from 'kysely'
import type { DatabaseAdapter } from './database-adapter.ts'
import { COLUMNS, type Database } from './database-schema.ts'
import { type ChatRecord, toChatRecord } from './chat-records.ts'
import { precompiled } from './precompiled.ts'

const selectChat = precompiled((db, chatId: string) => db.selectFrom('frogbot_chats').select(COLUMNS.frogbot_chats).where('id', '=', chatId))
const selectChatForUpdate = precompiled((db, chatId: string) => db.selectFrom('frogbot_chats').select(COLUMNS.frogbot_chats).where('id', '=', chatId).forUpdate())

/** Reads a chat outside a transaction; `null` when it does not exist. */
export async function readChat(db: Kysely<Database>, chatId: string): Promise<ChatRecord | null> {
  const [row] = (await selectChat(db, chatId)).rows
  return row ? toChatRecord(row) : null
}

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
  const [row] = (await (adapter.kind === 'postgres' ? selectChatForUpdate : selectChat)(trx, chatId)).rows
  return row ? toChatRecord(row) : null
}
