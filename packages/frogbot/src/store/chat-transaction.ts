import type { Kysely } from 'kysely'
import type { UIMessage } from 'ai'
import type { ChatState, Settlement } from '@frogbotai/protocol'
import type { CallStatus, ChatsTable, Database } from './database-schema.ts'
import { type CallRecord, type ChatRecord, type QueuedRecord, type StoredMessage, messageRow } from './chat-records.ts'
import { chatReads } from './chat-reads.ts'
import { StoreConflict } from './store-errors.ts'

/** The fields of a chat a turn changes. Every update also bumps `version` and `updated_at`. */
export type ChatPatch = Partial<{
  state: ChatState
  leaseOwner: string | null
  leaseUntil: string | null
  stopRequestedAt: string | null
  title: string | null
}>

/** A queued message to store: the user message, who sent it (opaque JSON) and when. */
export type NewQueued = { id: string; message: UIMessage; sender: unknown }

/**
 * Typed reads and writes of one chat inside the transaction that holds it (see `withChat`). The
 * store applies what the engine decided and knows no turn rules; every method is one statement.
 * Writes that must not race are compare-and-sets: {@link ChatTransaction.settleCalls} changes only
 * calls that are still `pending` and throws {@link StoreConflict} (the transaction is retried) when
 * one is not.
 */
export type ChatTransaction = {
  /** The chat as it was when the transaction took it. */
  readonly chat: ChatRecord
  /** True when this transaction created the chat (it is rolled back with it). */
  readonly created: boolean
  /** The time every write of this transaction records (ISO 8601). */
  readonly now: string
  messages(): Promise<StoredMessage[]>
  message(messageId: string): Promise<StoredMessage | null>
  /** Calls still waiting, oldest first. */
  pendingCalls(): Promise<CallRecord[]>
  /** These calls of the chat, whatever their status. */
  calls(toolCallIds: string[]): Promise<CallRecord[]>
  /** Queued messages, oldest first. */
  queued(): Promise<QueuedRecord[]>
  queueSize(): Promise<number>
  updateChat(patch: ChatPatch): Promise<void>
  /** Appends a message; a client-chosen id taken anywhere is replaced by `freshId()`. Returns the stored id. */
  appendMessage(message: UIMessage & { settlements?: Settlement[] }, freshId: () => string): Promise<string>
  /** Replaces a message's parts, metadata and settlements; appends it when the chat does not hold it. */
  saveMessage(message: StoredMessage, freshId: () => string): Promise<void>
  /** Removes every message after `messageId`, and their calls. */
  deleteMessagesAfter(messageId: string): Promise<void>
  /** Ends pending calls with their outcome; throws {@link StoreConflict} when one is no longer pending. */
  settleCalls(changes: { toolCallId: string; status: Exclude<CallStatus, 'pending'> }[]): Promise<void>
  /**
   * Queues a message and returns the id it is queued and later stored under: its own, or
   * `freshId()` when that id is taken anywhere (a stored message, or one queued in another chat),
   * as `appendMessage` would replace it when the message starts. The queued message keeps the id
   * it was sent with, by which a retry of it is known (`QueuedRecord.message.id`).
   */
  enqueue(queued: NewQueued, freshId: () => string): Promise<string>
  /** Removes a queued message by its message id; false when it is not queued (any more). */
  removeQueued(messageId: string): Promise<boolean>
  replaceQueued(messageId: string, message: UIMessage): Promise<boolean>
  /** Deletes the chat with its messages, calls and queue (the rows that reference it cascade) and its answer links. */
  deleteChat(): Promise<void>
}

const chatColumns: Record<keyof ChatPatch, keyof ChatsTable> = {
  state: 'state',
  leaseOwner: 'lease_owner',
  leaseUntil: 'lease_until',
  stopRequestedAt: 'stop_requested_at',
  title: 'title'
}

/** The columns of a {@link ChatPatch}. */
export function chatPatchRow(patch: ChatPatch): Partial<ChatsTable> {
  const row: Partial<ChatsTable> = {}
  for (const [key, value] of Object.entries(patch)) (row as Record<string, unknown>)[chatColumns[key as keyof ChatPatch]] = value
  return row
}

/** The {@link ChatTransaction} of the locked `chat` in `trx`. */
export function chatTransaction(trx: Kysely<Database>, { chat, created, now }: { chat: ChatRecord; created: boolean; now: string }): ChatTransaction {
  const chatId = chat.id
  const nextPosition = async () => {
    const last = await trx.selectFrom('frogbot_messages').select((eb) => eb.fn.max('position').as('position')).where('chat_id', '=', chatId).executeTakeFirst()
    return Number(last?.position ?? -1) + 1
  }
  const appendMessage: ChatTransaction['appendMessage'] = async (message, freshId) => {
    const position = await nextPosition()
    for (let attempt = 0; ; attempt++) {
      const id = attempt === 0 ? message.id : freshId()
      const inserted = await trx
        .insertInto('frogbot_messages')
        .values(messageRow(chatId, position, { ...message, id }, now))
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return id
    }
  }
  return {
    chat,
    created,
    now,
    messages: () => chatReads.messages(trx, chatId),
    message: (messageId) => chatReads.message(trx, chatId, messageId),
    pendingCalls: () => chatReads.pendingCalls(trx, chatId),
    calls: (toolCallIds) => chatReads.calls(trx, chatId, toolCallIds),
    queued: () => chatReads.queued(trx, chatId),
    async queueSize() {
      const row = await trx.selectFrom('frogbot_queued_messages').select((eb) => eb.fn.countAll().as('count')).where('chat_id', '=', chatId).executeTakeFirst()
      return Number(row?.count ?? 0)
    },
    async updateChat(patch) {
      const set: Partial<ChatsTable> = { ...chatPatchRow(patch), updated_at: now }
      await trx
        .updateTable('frogbot_chats')
        .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
        .where('id', '=', chatId)
        .execute()
    },
    appendMessage,
    async saveMessage(message, freshId) {
      const updated = await trx
        .updateTable('frogbot_messages')
        .set((eb) => ({
          parts: JSON.stringify(message.parts),
          metadata: message.metadata === undefined ? null : JSON.stringify(message.metadata),
          settlements: JSON.stringify(message.settlements),
          updated_at: now,
          version: eb('version', '+', 1)
        }))
        .where('id', '=', message.id)
        .where('chat_id', '=', chatId)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) await appendMessage(message, freshId)
    },
    async deleteMessagesAfter(messageId) {
      const target = await trx.selectFrom('frogbot_messages').select('position').where('chat_id', '=', chatId).where('id', '=', messageId).executeTakeFirst()
      if (!target) return
      const later = trx.selectFrom('frogbot_messages').select('id').where('chat_id', '=', chatId).where('position', '>', target.position)
      await trx.deleteFrom('frogbot_pending_calls').where('chat_id', '=', chatId).where('message_id', 'in', later).execute()
      await trx.deleteFrom('frogbot_messages').where('chat_id', '=', chatId).where('position', '>', target.position).execute()
    },
    async settleCalls(changes) {
      const byStatus = new Map<string, string[]>()
      for (const change of changes) byStatus.set(change.status, [...(byStatus.get(change.status) ?? []), change.toolCallId])
      for (const [status, ids] of byStatus) {
        const result = await trx
          .updateTable('frogbot_pending_calls')
          .set({ status: status as CallStatus, settled_at: now })
          .where('chat_id', '=', chatId)
          .where('tool_call_id', 'in', ids)
          .where('status', '=', 'pending')
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) !== ids.length) throw new StoreConflict('a call was settled by someone else')
      }
    },
    async enqueue({ id, message, sender }, freshId) {
      const stored = () =>
        trx.selectFrom('frogbot_messages').select('id').where('id', '=', message.id).executeTakeFirst()
      const queuedElsewhere = () =>
        trx
          .selectFrom('frogbot_queued_messages')
          .select('id')
          .where('message_id', '=', message.id)
          .where('chat_id', '!=', chatId)
          .executeTakeFirst()
      const messageId = (await stored()) || (await queuedElsewhere()) ? freshId() : message.id
      const last = await trx.selectFrom('frogbot_queued_messages').select((eb) => eb.fn.max('position').as('position')).where('chat_id', '=', chatId).executeTakeFirst()
      await trx
        .insertInto('frogbot_queued_messages')
        .values({
          id,
          chat_id: chatId,
          message_id: messageId,
          position: Number(last?.position ?? 0) + 1,
          message: JSON.stringify(message),
          sender: JSON.stringify(sender),
          created_at: now
        })
        .execute()
      return messageId
    },
    async removeQueued(messageId) {
      const removed = await trx.deleteFrom('frogbot_queued_messages').where('chat_id', '=', chatId).where('message_id', '=', messageId).executeTakeFirst()
      return Number(removed.numDeletedRows) > 0
    },
    async replaceQueued(messageId, message) {
      const updated = await trx
        .updateTable('frogbot_queued_messages')
        .set({ message: JSON.stringify(message) })
        .where('chat_id', '=', chatId)
        .where('message_id', '=', messageId)
        .executeTakeFirst()
      return Number(updated.numUpdatedRows) > 0
    },
    async deleteChat() {
      // Answer links name their call by ids, without a foreign key: they go with the chat.
      await trx.deleteFrom('frogbot_answer_links').where('chat_id', '=', chatId).execute()
      await trx.deleteFrom('frogbot_chats').where('id', '=', chatId).execute()
    }
  }
}
