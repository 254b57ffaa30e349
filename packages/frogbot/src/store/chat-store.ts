import type { Kysely } from 'kysely'
import type { UIMessage } from 'ai'
import type { PendingCall } from '../turns/pending-call.ts'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { Database } from './database-schema.ts'
import {
  type CallRecord,
  type ChatRecord,
  type StoredMessage,
  toCallRecord,
  toChatRecord,
  toStoredMessage
} from './chat-records.ts'
import { closeWaitingCalls, settleInStore } from './settle-in-store.ts'

/** A new client tool call to remember as pending when a turn pauses. */
export type NewPendingCall = PendingCall & { toolFingerprint: string; expiresAt: string | null }

/** Outcome of {@link ChatStore.startTurn}. */
export type StartTurnResult =
  | { status: 'started'; chat: ChatRecord; messages: StoredMessage[] }
  | { status: 'busy'; chat: ChatRecord }

/**
 * Everything FrogBot stores about chats. Storage is the source of truth: every method reads or
 * writes the database, nothing is cached in memory. Writes that must not race are single
 * transactions guarded by compare-and-set on `state`, `version` or a call's `status`.
 */
export function createChatStore({ db, adapter }: { db: Kysely<Database>; adapter: DatabaseAdapter }) {
  const messagesOf = async (executor: Kysely<Database>, chatId: string) =>
    (await executor.selectFrom('frogbot_messages').selectAll().where('chat_id', '=', chatId).orderBy('position').execute()).map(
      toStoredMessage
    )

  const upsertMessage = async (executor: Kysely<Database>, chatId: string, message: UIMessage, now: string) => {
    const parts = JSON.stringify(message.parts)
    const metadata = message.metadata === undefined ? null : JSON.stringify(message.metadata)
    const updated = await executor
      .updateTable('frogbot_messages')
      .set((eb) => ({ parts, metadata, updated_at: now, version: eb('version', '+', 1) }))
      .where('id', '=', message.id)
      .where('chat_id', '=', chatId)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) > 0) return
    const last = await executor
      .selectFrom('frogbot_messages')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('chat_id', '=', chatId)
      .executeTakeFirst()
    await executor
      .insertInto('frogbot_messages')
      .values({
        id: message.id,
        chat_id: chatId,
        position: Number(last?.position ?? -1) + 1,
        role: message.role,
        parts,
        metadata,
        settlements: '[]',
        version: 0,
        created_at: now,
        updated_at: now
      })
      .execute()
  }

  return {
    db,
    adapter,

    async createChat(chat: { id: string; agentSlug: string; ownerId: string | null; title: string | null; now: string }) {
      await db
        .insertInto('frogbot_chats')
        .values({
          id: chat.id,
          agent_slug: chat.agentSlug,
          owner_id: chat.ownerId,
          title: chat.title,
          state: 'idle',
          channel: null,
          lease_owner: null,
          lease_until: null,
          version: 0,
          created_at: chat.now,
          updated_at: chat.now
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute()
    },

    async getChat(chatId: string): Promise<ChatRecord | null> {
      const row = await db.selectFrom('frogbot_chats').selectAll().where('id', '=', chatId).executeTakeFirst()
      return row ? toChatRecord(row) : null
    },

    getMessages: (chatId: string) => messagesOf(db, chatId),

    async getMessage(chatId: string, messageId: string): Promise<StoredMessage | null> {
      const row = await db
        .selectFrom('frogbot_messages')
        .selectAll()
        .where('chat_id', '=', chatId)
        .where('id', '=', messageId)
        .executeTakeFirst()
      return row ? toStoredMessage(row) : null
    },

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

    async getCall(chatId: string, toolCallId: string): Promise<CallRecord | null> {
      const row = await db
        .selectFrom('frogbot_pending_calls')
        .selectAll()
        .where('chat_id', '=', chatId)
        .where('tool_call_id', '=', toolCallId)
        .executeTakeFirst()
      return row ? toCallRecord(row) : null
    },

    /**
     * Takes the chat for a new turn: moves it to `running` under `leaseOwner` until `leaseUntil`
     * from `idle`, from `running` whose lease has passed (its process died), or — when a new
     * `userMessage` arrives — from `awaiting-input`, closing the waiting calls (settlement
     * `closed`, tool error `Closed without an answer.`). Appends `userMessage`.
     * Returns `busy` with the current chat when a live turn holds it.
     */
    startTurn({ chatId, userMessage, leaseOwner, leaseUntil, now }: {
      chatId: string
      userMessage: UIMessage | null
      leaseOwner: string
      leaseUntil: string
      now: string
    }): Promise<StartTurnResult> {
      return adapter.transaction(db, async (trx) => {
        const before = toChatRecord(await trx.selectFrom('frogbot_chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow())
        const free = before.state === 'idle' || (before.state === 'running' && (before.leaseUntil ?? '') < now)
        const interrupting = before.state === 'awaiting-input' && userMessage !== null
        if (!free && !interrupting) return { status: 'busy', chat: before }
        if (interrupting) await closeWaitingCalls(trx, chatId, now)
        const taken = await trx
          .updateTable('frogbot_chats')
          .set({ state: 'running', lease_owner: leaseOwner, lease_until: leaseUntil, updated_at: now, version: before.version + 1 })
          .where('id', '=', chatId)
          .where('version', '=', before.version)
          .executeTakeFirst()
        if (Number(taken.numUpdatedRows) === 0) return { status: 'busy', chat: before }
        if (userMessage) await upsertMessage(trx, chatId, userMessage, now)
        const chat = { ...before, state: 'running' as const, leaseOwner, leaseUntil, version: before.version + 1 }
        return { status: 'started', chat, messages: await messagesOf(trx, chatId) }
      })
    },

    /** Extends the lease of a running turn held by `leaseOwner`. False if the lease was lost. */
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

    /** Saves the assistant message of a running turn and extends its lease. False if the lease was lost. */
    saveProgress({ chatId, message, leaseOwner, leaseUntil, now }: {
      chatId: string
      message: UIMessage
      leaseOwner: string
      leaseUntil: string
      now: string
    }): Promise<boolean> {
      return adapter.transaction(db, async (trx) => {
        const renewed = await trx
          .updateTable('frogbot_chats')
          .set({ lease_until: leaseUntil, updated_at: now })
          .where('id', '=', chatId)
          .where('state', '=', 'running')
          .where('lease_owner', '=', leaseOwner)
          .executeTakeFirst()
        if (Number(renewed.numUpdatedRows) === 0) return false
        await upsertMessage(trx, chatId, message, now)
        return true
      })
    },

    /**
     * Ends a turn held under `leaseOwner`: saves the assistant message, records `pending` calls and
     * leaves the chat `awaiting-input` when there are any, `idle` otherwise. False if the lease was lost.
     */
    finishTurn({ chatId, message, pending, leaseOwner, now }: {
      chatId: string
      message: UIMessage | null
      pending: NewPendingCall[]
      leaseOwner: string
      now: string
    }): Promise<boolean> {
      return adapter.transaction(db, async (trx) => {
        const released = await trx
          .updateTable('frogbot_chats')
          .set((eb) => ({
            state: pending.length > 0 ? 'awaiting-input' : 'idle',
            lease_owner: null,
            lease_until: null,
            updated_at: now,
            version: eb('version', '+', 1)
          }))
          .where('id', '=', chatId)
          .where('state', '=', 'running')
          .where('lease_owner', '=', leaseOwner)
          .executeTakeFirst()
        if (Number(released.numUpdatedRows) === 0) return false
        if (message) await upsertMessage(trx, chatId, message, now)
        for (const call of pending) {
          await trx
            .insertInto('frogbot_pending_calls')
            .values({
              chat_id: chatId,
              tool_call_id: call.toolCallId,
              message_id: call.messageId,
              tool_name: call.toolName,
              agent_slug: call.agentSlug,
              input: JSON.stringify(call.input ?? null),
              status: 'pending',
              tool_fingerprint: call.toolFingerprint,
              created_at: call.createdAt,
              expires_at: call.expiresAt,
              settled_at: null
            })
            .execute()
        }
        return true
      })
    },

    settle: (options: Omit<Parameters<typeof settleInStore>[0], 'db' | 'adapter'>) => settleInStore({ db, adapter, ...options }),

    close: () => db.destroy()
  }
}

/** The store a FrogBot instance reads and writes chats through. */
export type ChatStore = ReturnType<typeof createChatStore>
