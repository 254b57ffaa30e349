import type { Kysely } from 'kysely'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import { type CallRecord, type ChatRecord, type StoredMessage, newChatRow, toCallRecord, toChatRecord, toStoredMessage } from './chat-records.ts'
import { messagesOf } from './message-writes.ts'
import { settleInStore } from './settle-in-store.ts'
import { finishTurn, renewLease, saveProgress, startTurn } from './turn-writes.ts'
import { rewindTo } from './rewind-writes.ts'
import { branchChat } from './chat-copies.ts'

export type { NewPendingCall, Sender, StartTurnResult } from './turn-writes.ts'

type WithoutStore<F> = F extends (db: Kysely<Database>, adapter: DatabaseAdapter, ...rest: infer R) => infer T ? (...rest: R) => T : never

/**
 * Everything FrogBot stores about chats. Storage is the source of truth: every method reads or
 * writes the database, nothing is cached in memory. Writes that must not race are single
 * transactions guarded by compare-and-set on `state`, `version` or a call's `status`.
 */
export function createChatStore({ db, adapter }: { db: Kysely<Database>; adapter: DatabaseAdapter }) {
  return {
    db,
    adapter,

    /** Creates an `idle` chat; does nothing when the id exists (the caller re-reads it). */
    async createChat(chat: { id: string; agentSlug: string; ownerId: string | null; title: string | null; now: string }) {
      await db
        .insertInto('frogbot_chats')
        .values(newChatRow({ id: chat.id, agentSlug: chat.agentSlug, ownerId: chat.ownerId, title: chat.title, now: chat.now }))
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute()
    },

    async getChat(chatId: string): Promise<ChatRecord | null> {
      const row = await db.selectFrom('frogbot_chats').selectAll().where('id', '=', chatId).executeTakeFirst()
      return row ? toChatRecord(row) : null
    },

    getMessages: (chatId: string): Promise<StoredMessage[]> => messagesOf(db, chatId),

    async getMessage(chatId: string, messageId: string): Promise<StoredMessage | null> {
      const row = await db.selectFrom('frogbot_messages').selectAll().where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst()
      return row ? toStoredMessage(row) : null
    },

    /** Calls of a chat that still wait for an answer, oldest first. */
    async getPendingCalls(chatId: string): Promise<CallRecord[]> {
      const rows = await db
        .selectFrom('frogbot_pending_calls')
        .selectAll()
        .where('chat_id', '=', chatId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .execute()
      return rows.map(toCallRecord)
    },

    /** One call of a chat, whatever its status, or `null`. */
    async getCall(chatId: string, toolCallId: string): Promise<CallRecord | null> {
      const row = await db.selectFrom('frogbot_pending_calls').selectAll().where('chat_id', '=', chatId).where('tool_call_id', '=', toolCallId).executeTakeFirst()
      return row ? toCallRecord(row) : null
    },

    /**
     * Chats of `agentSlug` owned by `ownerId`, most recently updated first, at most `limit`.
     * `before` is the `cursor` of the last chat of the previous page (`updatedAt|id`).
     */
    async listChats({ agentSlug, ownerId, limit, before }: { agentSlug: string; ownerId: string; limit: number; before?: string }) {
      let query = db.selectFrom('frogbot_chats').selectAll().where('agent_slug', '=', agentSlug).where('owner_id', '=', ownerId)
      if (before) {
        const [updatedAt, id] = [before.slice(0, before.lastIndexOf('|')), before.slice(before.lastIndexOf('|') + 1)]
        query = query.where((eb) => eb.or([eb('updated_at', '<', updatedAt), eb.and([eb('updated_at', '=', updatedAt), eb('id', '<', id)])]))
      }
      const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute()
      const chats = rows.slice(0, limit).map(toChatRecord)
      const last = chats.at(-1)
      return { chats, nextCursor: rows.length > limit && last ? `${last.updatedAt}|${last.id}` : null }
    },

    /** Pending calls whose `expires_at` is at or before `now`, across all chats. */
    async getExpiredCalls(now: string, limit = 100): Promise<CallRecord[]> {
      const rows = await db
        .selectFrom('frogbot_pending_calls')
        .selectAll()
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now)
        .limit(limit)
        .execute()
      return rows.map(toCallRecord)
    },

    /** Chats whose turn died (lease passed) while messages wait in their queue. */
    async getStalledQueues(now: string, limit = 100): Promise<string[]> {
      const rows = await db
        .selectFrom('frogbot_chats as c')
        .select('c.id')
        .where((eb) => eb.or([eb('c.state', '!=', 'running'), eb('c.lease_until', '<', now)]))
        .where((eb) => eb.exists(eb.selectFrom('frogbot_queued_messages as q').select('q.id').whereRef('q.chat_id', '=', 'c.id')))
        .limit(limit)
        .execute()
      return rows.map((row) => row.id)
    },

    /** Asks the process running the chat's turn to stop it. False when no turn is running. */
    async requestStop(chatId: string, now: string): Promise<boolean> {
      const marked = await db
        .updateTable('frogbot_chats')
        .set({ stop_requested_at: now })
        .where('id', '=', chatId)
        .where('state', '=', 'running')
        .where('lease_until', '>=', now)
        .executeTakeFirst()
      return Number(marked.numUpdatedRows) === 1
    },

    /**
     * Frees a chat whose turn was asked to stop but whose process never reacted (it died): the
     * chat becomes `idle` at once instead of when the lease passes. Only the turn of `leaseOwner`
     * is released, so a turn that started since is left alone.
     */
    async releaseStoppedTurn({ chatId, leaseOwner, now }: { chatId: string; leaseOwner: string; now: string }): Promise<boolean> {
      const released = await db
        .updateTable('frogbot_chats')
        .set((eb) => ({ state: 'idle', lease_owner: null, lease_until: null, updated_at: now, version: eb('version', '+', 1) }))
        .where('id', '=', chatId)
        .where('state', '=', 'running')
        .where('lease_owner', '=', leaseOwner)
        .where('stop_requested_at', 'is not', null)
        .executeTakeFirst()
      return Number(released.numUpdatedRows) === 1
    },

    async isStopRequested(chatId: string): Promise<boolean> {
      const row = await db.selectFrom('frogbot_chats').select('stop_requested_at').where('id', '=', chatId).executeTakeFirst()
      return Boolean(row?.stop_requested_at)
    },

    startTurn: ((...args) => startTurn(db, adapter, ...args)) as WithoutStore<typeof startTurn>,
    renewLease: (options: Parameters<typeof renewLease>[1]) => renewLease(db, options),
    saveProgress: ((...args) => saveProgress(db, adapter, ...args)) as WithoutStore<typeof saveProgress>,
    finishTurn: ((...args) => finishTurn(db, adapter, ...args)) as WithoutStore<typeof finishTurn>,
    rewindTo: ((...args) => rewindTo(db, adapter, ...args)) as WithoutStore<typeof rewindTo>,
    branchChat: ((...args) => branchChat(db, adapter, ...args)) as WithoutStore<typeof branchChat>,
    settle: (options: Omit<Parameters<typeof settleInStore>[0], 'db' | 'adapter'>) => settleInStore({ db, adapter, ...options }),

    close: () => db.destroy()
  }
}

/** The store a FrogBot instance reads and writes chats through. */
export type ChatStore = ReturnType<typeof createChatStore>
