import { type Kysely, type QueryResult, sql } from 'kysely'
import type { UIMessage } from 'ai'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { CallAssigneesTable, CallStatus, ChatsTable, Database, MessagesTable, PendingCallsTable } from './database-schema.ts'
import { type NewCall, type NewChat, assigneeRows, callRow, messageRow, newChatRow } from './chat-records.ts'
import { type ChatPatch, chatPatchRow } from './chat-transaction.ts'
import { precompiled } from './precompiled.ts'
import type { MessageWrite, SettleSnapshot, SettleWrite } from './turn-write-shapes.ts'
import { StoreConflict } from './store-errors.ts'
import { postgresTurnWrites } from './postgres-turn-writes.ts'
import { isLeaseLost } from './sqlite-end-turn.ts'
import { sqliteSettleSnapshot } from './sqlite-settle-snapshot.ts'

/**
 * The writes of a turn's hot path (a message that starts a turn, a step that pauses at calls, a
 * turn that ends, an answer), each the fewest statements and one commit: a commit is what a
 * question costs most. The engine decides; these apply its decision with compare-and-set guards
 * (a turn's lease, a chat's or message's version, a call still pending) and report when a guard
 * did not hold, writing nothing.
 */

const messageColumns = (write: MessageWrite, chatId: string, now: string) => messageRow(chatId, write.position, { ...write.message, settlements: write.settlements }, now)

const holding = (db: Kysely<Database>, chatId: string, leaseOwner: string) =>
  db.updateTable('frogbot_chats').where('id', '=', chatId).where('state', '=', 'running').where('lease_owner', '=', leaseOwner)

/** The hot path's queries, each compiled once (see `precompiled`). */
const query = {
  /** Inserts a message, or replaces the parts and settlements of the chat's message with that id. */
  upsertMessage: precompiled((db, row: MessagesTable) =>
    db
      .insertInto('frogbot_messages')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => ({ parts: row.parts, metadata: row.metadata, settlements: row.settlements, updated_at: row.updated_at, version: eb('frogbot_messages.version', '+', 1) }))
          .where('frogbot_messages.chat_id', '=', row.chat_id)
      )
  ),
  insertChat: precompiled((db, row: ChatsTable) => db.insertInto('frogbot_chats').values(row).onConflict((conflict) => conflict.doNothing())),
  insertMessage: precompiled((db, row: MessagesTable) => db.insertInto('frogbot_messages').values(row).onConflict((conflict) => conflict.column('id').doNothing())),
  insertCalls: precompiled((db, rows: PendingCallsTable[]) => db.insertInto('frogbot_pending_calls').values(rows)),
  insertAssignees: precompiled((db, rows: CallAssigneesTable[]) => db.insertInto('frogbot_call_assignees').values(rows)),
  renewHeld: precompiled((db, chatId: string, leaseOwner: string, leaseUntil: string) => holding(db, chatId, leaseOwner).set({ lease_until: leaseUntil })),
  releaseHeld: precompiled((db, chatId: string, leaseOwner: string, state: 'awaiting', now: string) =>
    holding(db, chatId, leaseOwner).set((eb) => ({ state, lease_owner: null, lease_until: null, stop_requested_at: null, updated_at: now, version: eb('version', '+', 1) }))
  ),
  /** The end of a turn (see `sqlite-end-turn.ts`), answering whether messages wait in the queue; a lost lease raises. */
  endTurn: precompiled((db, chatId: string, leaseOwner: string, now: string, rows: EndingMessage[]) => {
    const message = rows.length > 0 ? sql`${rows[0].id}, ${rows[0].position}, ${rows[0].role}, ${rows[0].parts}, ${rows[0].metadata}, ${rows[0].settlements}` : sql`null, null, null, null, null, null`
    return sql<{ queued: number }>`insert into frogbot_end_turn (chat_id, lease_owner, now, id, position, role, parts, metadata, settlements)
      values (${chatId}, ${leaseOwner}, ${now}, ${message})
      returning exists (select 1 from main.frogbot_queued_messages q where q.chat_id = frogbot_end_turn.chat_id) as queued`.compile(db)
  }),
  endCalls: precompiled((db, chatId: string, toolCallIds: string[], status: Exclude<CallStatus, 'pending'>, now: string) =>
    db.updateTable('frogbot_pending_calls').set({ status, settled_at: now }).where('chat_id', '=', chatId).where('tool_call_id', 'in', toolCallIds).where('status', '=', 'pending')
  ),
  recordVotes: precompiled((db, chatId: string, toolCallId: string, votes: string) =>
    db.updateTable('frogbot_pending_calls').set({ votes }).where('chat_id', '=', chatId).where('tool_call_id', '=', toolCallId).where('status', '=', 'pending')
  ),
  settleMessage: precompiled((db, chatId: string, id: string, version: number, next: { parts: string; settlements: string; version: number; updated_at: string }) =>
    db.updateTable('frogbot_messages').set(next).where('id', '=', id).where('chat_id', '=', chatId).where('version', '=', version)
  ),
  moveChat: precompiled((db, chatId: string, version: number, next: Partial<ChatsTable>) => db.updateTable('frogbot_chats').set(next).where('id', '=', chatId).where('version', '=', version))
}

/** The columns of the message a turn ends with (the others are the chat's and the time). */
type EndingMessage = Pick<MessagesTable, 'id' | 'position' | 'role' | 'parts' | 'metadata' | 'settlements'>

const endingMessage = ({ id, position, role, parts, metadata, settlements }: MessagesTable): EndingMessage => ({ id, position, role, parts, metadata, settlements })

const changed = (result: QueryResult<unknown>) => Number(result.numAffectedRows ?? 0)

/** Runs `work` in one transaction and rolls it back when a guard did not hold (`StoreConflict`), answering `false`. */
async function guarded(db: Kysely<Database>, adapter: DatabaseAdapter, work: (trx: Kysely<Database>) => Promise<void>): Promise<boolean> {
  try {
    await adapter.transaction(db, work)
    return true
  } catch (error) {
    if (error instanceof StoreConflict) return false
    throw error
  }
}

/** The hot-path writes of `adapter`'s database: single statements on PostgreSQL, one short transaction each on SQLite. */
export function turnWrites(db: Kysely<Database>, adapter: DatabaseAdapter) {
  const writes = sqliteTurnWrites(db, adapter)
  return adapter.kind === 'postgres' ? { ...writes, ...postgresTurnWrites(db) } : writes
}

function sqliteTurnWrites(db: Kysely<Database>, adapter: DatabaseAdapter) {
  return {
    /**
     * A new chat taken by a turn at once (`running` under `leaseOwner`) with its first message, in
     * one commit. `null` when the id is taken (the caller goes the general way); a client-chosen
     * message id taken anywhere is replaced by `freshId()`. Returns the stored message id.
     */
    async startNewChat({ chat, message, leaseOwner, leaseUntil, now, freshId }: { chat: NewChat; message: UIMessage; leaseOwner: string; leaseUntil: string; now: string; freshId: () => string }): Promise<string | null> {
      let messageId: string | null = null
      await adapter.transaction(db, async (trx) => {
        const row = { ...newChatRow(chat, now), state: 'running' as const, lease_owner: leaseOwner, lease_until: leaseUntil }
        if (changed(await query.insertChat(trx, row)) !== 1) return
        for (let attempt = 0; messageId === null; attempt++) {
          const id = attempt === 0 ? message.id : freshId()
          if (changed(await query.insertMessage(trx, messageRow(chat.id, 0, { ...message, id }, now))) === 1) messageId = id
        }
      })
      return messageId
    },

    /** After a step the loop goes on from: saves the message as far as it got and renews the lease. False once the lease is lost. */
    async saveStep({ chatId, leaseOwner, leaseUntil, write, now }: { chatId: string; leaseOwner: string; leaseUntil: string; write: MessageWrite; now: string }): Promise<boolean> {
      return guarded(db, adapter, async (trx) => {
        if (changed(await query.renewHeld(trx, chatId, leaseOwner, leaseUntil)) !== 1) throw new StoreConflict('the lease was lost')
        await query.upsertMessage(trx, messageColumns(write, chatId, now))
      })
    },

    /**
     * A step that ends at client tool calls: its message and its pending calls in one commit, and
     * the chat `awaiting`. False (nothing written) once the lease is lost.
     */
    async pauseTurn({ chatId, leaseOwner, write, calls, now }: { chatId: string; leaseOwner: string; write: MessageWrite; calls: NewCall[]; now: string }): Promise<boolean> {
      return guarded(db, adapter, async (trx) => {
        if (changed(await query.releaseHeld(trx, chatId, leaseOwner, 'awaiting', now)) !== 1) throw new StoreConflict('the lease was lost')
        await query.upsertMessage(trx, messageColumns(write, chatId, now))
        await query.insertCalls(
          trx,
          calls.map((call) => callRow(chatId, call))
        )
        const assigned = assigneeRows(chatId, calls)
        if (assigned.length > 0) await query.insertAssignees(trx, assigned)
      })
    },

    /**
     * The end of a turn that does not wait: the message (when there is one) and the chat `idle`, in
     * one statement, its own commit (see `sqlite-end-turn.ts`). Returns whether messages wait in the queue, or `null` (nothing written) once the
     * lease is lost.
     */
    async endTurn({ chatId, leaseOwner, write, now }: { chatId: string; leaseOwner: string; write: MessageWrite | null; now: string }): Promise<{ queued: boolean } | null> {
      try {
        const [ended] = (await query.endTurn(db, chatId, leaseOwner, now, write ? [endingMessage(messageColumns(write, chatId, now))] : [])).rows
        return { queued: Boolean(ended?.queued) }
      } catch (error) {
        if (isLeaseLost(error)) return null
        throw error
      }
    },

    /** What a settle of `toolCallIds` decides from (see {@link SettleSnapshot}), or `null` for no such chat. One read. */
    settleSnapshot: (chatId: string, toolCallIds: string[]): Promise<SettleSnapshot | null> => sqliteSettleSnapshot(db, chatId, toolCallIds),

    /**
     * Applies a settle in one commit, if nothing changed since its snapshot: every call still
     * pending, the message and the chat at their versions (the first valid answer wins). False
     * (nothing written) when a guard did not hold: the caller reads again and decides again.
     */
    async applySettle({ chatId, chatVersion, calls, votes = [], message, chat }: SettleWrite, now: string): Promise<boolean> {
      return guarded(db, adapter, async (trx) => {
        for (const [status, ids] of groupBy(calls)) {
          if (changed(await query.endCalls(trx, chatId, ids, status, now)) !== ids.length) throw new StoreConflict('a call was settled meanwhile')
        }
        for (const vote of votes) {
          if (changed(await query.recordVotes(trx, chatId, vote.toolCallId, JSON.stringify(vote.votes))) !== 1) throw new StoreConflict('a call was settled meanwhile')
        }
        const next = { parts: JSON.stringify(message.parts), settlements: JSON.stringify(message.settlements), version: message.version + 1, updated_at: now }
        if (changed(await query.settleMessage(trx, chatId, message.id, message.version, next)) !== 1) throw new StoreConflict('the message changed meanwhile')
        if (changed(await query.moveChat(trx, chatId, chatVersion, { ...chatPatchRow(chat), updated_at: now, version: chatVersion + 1 })) !== 1) throw new StoreConflict('the chat changed meanwhile')
      })
    }
  }
}

function groupBy(calls: SettleWrite['calls']): Map<Exclude<CallStatus, 'pending'>, string[]> {
  const groups = new Map<Exclude<CallStatus, 'pending'>, string[]>()
  for (const call of calls) groups.set(call.status, [...(groups.get(call.status) ?? []), call.toolCallId])
  return groups
}
