import { type Kysely, sql } from 'kysely'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import { type CallRecord, type ChatRecord, type NewChat, type QueuedRecord, type StoredMessage, messageRow, newChatRow, toCallRecord, toChatRecord } from './chat-records.ts'
import { callDrafts } from './call-drafts.ts'
import { chatReads } from './chat-reads.ts'
import { lockChat, readChat } from './chat-lock.ts'
import { readChatAndPendingIds } from './chat-and-pending.ts'
import { type ChatTransaction, chatTransaction } from './chat-transaction.ts'
import { StoreConflict, StoreWriteConflict } from './store-errors.ts'
import { turnWrites } from './turn-writes.ts'
import { isTransientError } from './transient-errors.ts'
import { claimExpiredCalls, stalledQueues } from './sweeper-queries.ts'
import { type InboxCall, type InboxQuery, isAssignedIn, waitingCallsFor } from './inbox-queries.ts'
import { noticeQueries } from './notice-queries.ts'

export type { ChatPatch, ChatTransaction, NewQueued } from './chat-transaction.ts'

/** Options of `withChat`: the time its writes record, and a chat to create when `chatId` is new. */
export type WithChatOptions = { now: string; create?: NewChat; attempts?: number }

/**
 * Everything FrogBot stores about chats. Storage is the source of truth: every method reads or
 * writes the database, nothing is cached. The store knows no turn rules: the engine reads, decides
 * and hands the store the change to apply, inside `withChat`, under the chat's lock.
 */
export function createChatStore({ db, adapter }: { db: Kysely<Database>; adapter: DatabaseAdapter }) {
  return {
    db,
    adapter,

    getChat: (chatId: string): Promise<ChatRecord | null> => readChat(db, chatId),

    /** A chat and the ids of its pending calls, read in one statement (see `readChatAndPendingIds`). */
    getChatAndPendingIds: (chatId: string) => readChatAndPendingIds(db, chatId),

    /** The chat of a channel thread, if one was started there. */
    async findChannelChat(instance: string, thread: string): Promise<ChatRecord | null> {
      const row = await db.selectFrom('frogbot_chats').selectAll().where('channel_instance', '=', instance).where('channel_thread', '=', thread).executeTakeFirst()
      return row ? toChatRecord(row) : null
    },

    /**
     * Chats of channel instance `instance` with calls still waiting for an answer, by id, at most
     * `limit`, after the chat id `after` (the last of the previous page).
     */
    async waitingChannelChats(instance: string, { after, limit }: { after?: string; limit: number }): Promise<ChatRecord[]> {
      let query = db
        .selectFrom('frogbot_chats as c')
        .selectAll('c')
        .where('c.channel_instance', '=', instance)
        .where((eb) => eb.exists(eb.selectFrom('frogbot_pending_calls as p').select('p.tool_call_id').whereRef('p.chat_id', '=', 'c.id').where('p.status', '=', 'pending')))
      if (after !== undefined) query = query.where('c.id', '>', after)
      const rows = await query.orderBy('c.id').limit(limit).execute()
      return rows.map(toChatRecord)
    },

    getMessages: (chatId: string): Promise<StoredMessage[]> => chatReads.messages(db, chatId),
    getMessage: (chatId: string, messageId: string): Promise<StoredMessage | null> => chatReads.message(db, chatId, messageId),
    /** Calls of a chat that still wait for an answer, oldest first. */
    getPendingCalls: (chatId: string): Promise<CallRecord[]> => chatReads.pendingCalls(db, chatId),
    /** These calls of a chat, whatever their status. */
    getCalls: (chatId: string, toolCallIds: string[]): Promise<CallRecord[]> => chatReads.calls(db, chatId, toolCallIds),
    /** Whether a call of chat `chatId`, waiting or settled, names one of `keys` (user ids, lower-cased emails) as an assignee. */
    isAssignedIn: (chatId: string, keys: string[]): Promise<boolean> => isAssignedIn(db, chatId, keys),
    /** The waiting calls of a person's inbox (see `waitingCallsFor`), at most `limit + 1`. */
    waitingCallsFor: (query: InboxQuery): Promise<InboxCall[]> => waitingCallsFor(db, query),
    /** Queued messages of a chat, oldest first. */
    getQueued: (chatId: string): Promise<QueuedRecord[]> => chatReads.queued(db, chatId),

    /**
     * Chats owned by `ownerId` (of `agentSlugs`, when given), most recently updated first, at most
     * `limit`. `before` is the `cursor` of the last chat of the previous page (`updatedAt|id`).
     */
    async listChats({ ownerId, agentSlugs, limit, before }: { ownerId: string; agentSlugs?: string[]; limit: number; before?: string }) {
      let query = db.selectFrom('frogbot_chats').selectAll().where('owner_id', '=', ownerId)
      if (agentSlugs) query = agentSlugs.length > 0 ? query.where('agent_slug', 'in', agentSlugs) : query.where((eb) => eb.val(false))
      if (before) {
        const cut = before.lastIndexOf('|')
        const [updatedAt, id] = [before.slice(0, cut), before.slice(cut + 1)]
        query = query.where((eb) => eb.or([eb('updated_at', '<', updatedAt), eb.and([eb('updated_at', '=', updatedAt), eb('id', '<', id)])]))
      }
      const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute()
      const chats = rows.slice(0, limit).map(toChatRecord)
      const last = chats.at(-1)
      return { chats, nextCursor: rows.length > limit && last ? `${last.updatedAt}|${last.id}` : null }
    },

    /** Claims calls past their deadline for this process's expiry sweeper (see `claimExpiredCalls`). */
    claimExpiredCalls: (options: { now: string; claimUntil: string; limit?: number }): Promise<CallRecord[]> => claimExpiredCalls(db, adapter, options),

    /** Chats with queued messages whose turn is not live (idle, or `running` past its lease), at most `limit`. */
    getStalledQueues: (now: string, limit = 100): Promise<string[]> => stalledQueues(db, { now, limit }),

    /**
     * Runs `work` in one write transaction that holds chat `chatId` (see `lockChat`), creating the
     * chat first when `create` is given and it does not exist (the creation is rolled back with the
     * rest). Returns `null` when the chat does not exist and none is created. A
     * {@link StoreConflict} or a transient database error reruns the whole transaction, which reads
     * the chat afresh; after `attempts` tries it throws {@link StoreWriteConflict}.
     */
    async withChat<T>(chatId: string, work: (tx: ChatTransaction) => Promise<T>, { now, create, attempts = 5 }: WithChatOptions): Promise<T | null> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await adapter.transaction(db, async (trx) => {
            let created = false
            if (create) {
              const inserted = await trx
                .insertInto('frogbot_chats')
                .values(newChatRow({ ...create, id: chatId }, now))
                .onConflict((conflict) => conflict.doNothing())
                .executeTakeFirst()
              created = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
            }
            const chat = await lockChat(trx, adapter, chatId)
            if (!chat) return null
            return work(chatTransaction(trx, { chat, created, now }))
          })
        } catch (error) {
          if (!(error instanceof StoreConflict || isTransientError(error))) throw error
          if (attempt >= attempts) throw new StoreWriteConflict(attempts)
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt))
        }
      }
    },

    /**
     * Sets a chat's title, without touching its state, version or `updatedAt` (a title is not a
     * turn). With `ifTitle`, only while the title still is that one (a generated title never
     * replaces a rename). True when the chat was changed.
     */
    async setTitle(chatId: string, title: string, { ifTitle }: { ifTitle?: string | null } = {}): Promise<boolean> {
      let query = db.updateTable('frogbot_chats').set({ title }).where('id', '=', chatId)
      if (ifTitle !== undefined) query = ifTitle === null ? query.where('title', 'is', null) : query.where('title', '=', ifTitle)
      const updated = await query.executeTakeFirst()
      return Number(updated.numUpdatedRows) === 1
    },

    /**
     * `title`, or `title (n)` with the next number free when another chat of `ownerId` is titled
     * so already, so that a person's chats are told apart in their list.
     */
    async distinctTitle({ ownerId, chatId, title }: { ownerId: string; chatId: string; title: string }): Promise<string> {
      const pattern = `${title.replace(/[\\%_]/g, (character) => `\\${character}`)} (%)`
      const rows = await db
        .selectFrom('frogbot_chats')
        .select('title')
        .where('owner_id', '=', ownerId)
        .where('id', '!=', chatId)
        .where((eb) => eb.or([eb('title', '=', title), sql<boolean>`${sql.ref('title')} like ${pattern} escape '\\'`]))
        .execute()
      if (!rows.some((row) => row.title === title)) return title
      const numbers = rows.map((row) => Number(/ \((\d+)\)$/.exec(row.title ?? '')?.[1] ?? 1))
      return `${title} (${Math.max(1, ...numbers) + 1})`
    },

    /** Extends the lease of a running turn held by `leaseOwner`. False once the lease is lost. */
    async renewLease({ chatId, leaseOwner, leaseUntil }: { chatId: string; leaseOwner: string; leaseUntil: string }): Promise<boolean> {
      const renewed = await db
        .updateTable('frogbot_chats')
        .set({ lease_until: leaseUntil })
        .where('id', '=', chatId)
        .where('state', '=', 'running')
        .where('lease_owner', '=', leaseOwner)
        .executeTakeFirst()
      return Number(renewed.numUpdatedRows) === 1
    },

    /** Marks the live running turn of a chat as asked to stop. False when no live turn runs. */
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

    async isStopRequested(chatId: string): Promise<boolean> {
      const row = await db.selectFrom('frogbot_chats').select('stop_requested_at').where('id', '=', chatId).executeTakeFirst()
      return Boolean(row?.stop_requested_at)
    },

    ...turnWrites(db, adapter),

    ...callDrafts(db, adapter),

    ...noticeQueries(db),

    /** Writes a new chat with its messages in one transaction (a branch); returns it. */
    async createChatWithMessages({ chat, messages, now }: { chat: NewChat; messages: StoredMessage[]; now: string }): Promise<ChatRecord> {
      return adapter.transaction(db, async (trx) => {
        await trx.insertInto('frogbot_chats').values(newChatRow(chat, now)).execute()
        if (messages.length > 0) await trx.insertInto('frogbot_messages').values(messages.map((message, position) => messageRow(chat.id, position, message, now))).execute()
        return toChatRecord(await trx.selectFrom('frogbot_chats').selectAll().where('id', '=', chat.id).executeTakeFirstOrThrow())
      })
    },

    close: () => db.destroy()
  }
}

/** The store a FrogBot instance reads and writes chats through. */
export type ChatStore = ReturnType<typeof createChatStore>
