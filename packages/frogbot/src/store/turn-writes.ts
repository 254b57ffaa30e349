import type { Kysely, QueryResult } from 'kysely'
import type { UIMessage } from 'ai'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { CallAssigneesTable, CallStatus, ChatsTable, Database, MessagesTable, PendingCallsTable } from './database-schema.ts'
import { type CallRecord, type ChatRecord, type NewCall, type NewChat, type StoredMessage, assigneeRows, callRow, messageRow, newChatRow, toCallRecord, toChatRecord } from './chat-records.ts'
import { type ChatPatch, chatPatchRow } from './chat-transaction.ts'
import { chatReads } from './chat-reads.ts'
import { precompiled } from './precompiled.ts'
import type { MessageWrite, SettleSnapshot, SettleWrite, VersionedMessage } from './turn-write-shapes.ts'
import { StoreConflict } from './store-errors.ts'
import { postgresTurnWrites } from './postgres-turn-writes.ts'

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
  releaseHeld: precompiled((db, chatId: string, leaseOwner: string, state: 'awaiting' | 'idle', now: string) =>
    holding(db, chatId, leaseOwner).set((eb) => ({ state, lease_owner: null, lease_until: null, stop_requested_at: null, updated_at: now, version: eb('version', '+', 1) }))
  ),
  /** Like `releaseHeld` to `idle`, answering whether messages wait in the queue. */
  endHeld: precompiled((db, chatId: string, leaseOwner: string, now: string) =>
    holding(db, chatId, leaseOwner)
      .set((eb) => ({ state: 'idle', lease_owner: null, lease_until: null, stop_requested_at: null, updated_at: now, version: eb('version', '+', 1) }))
      .returning((eb) => eb.exists(eb.selectFrom('frogbot_queued_messages').select('id').whereRef('chat_id', '=', 'frogbot_chats.id')).as('queued'))
  ),
  chatWithCalls: precompiled((db, chatId: string, toolCallIds: string[]) =>
    db
      .selectFrom('frogbot_chats as c')
      .leftJoin('frogbot_pending_calls as p', (join) =>
        join.onRef('p.chat_id', '=', 'c.id').on((eb) => (toolCallIds.length > 0 ? eb.or([eb('p.status', '=', 'pending'), eb('p.tool_call_id', 'in', toolCallIds)]) : eb('p.status', '=', 'pending')))
      )
      .selectAll('c')
      .select([
        'p.tool_call_id as p_tool_call_id',
        'p.message_id as p_message_id',
        'p.tool_name as p_tool_name',
        'p.agent_slug as p_agent_slug',
        'p.input as p_input',
        'p.status as p_status',
        'p.tool_fingerprint as p_tool_fingerprint',
        'p.created_at as p_created_at',
        'p.expires_at as p_expires_at',
        'p.settled_at as p_settled_at',
        'p.kind as p_kind',
        'p.quorum as p_quorum',
        'p.votes as p_votes',
        'p.assignees as p_assignees'
      ])
      .where('c.id', '=', chatId)
  ),
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
     * one commit. Returns whether messages wait in the queue, or `null` (nothing written) once the
     * lease is lost.
     */
    async endTurn({ chatId, leaseOwner, write, now }: { chatId: string; leaseOwner: string; write: MessageWrite | null; now: string }): Promise<{ queued: boolean } | null> {
      let queued = false
      const ended = await guarded(db, adapter, async (trx) => {
        const [released] = (await query.endHeld(trx, chatId, leaseOwner, now)).rows
        if (!released) throw new StoreConflict('the lease was lost')
        queued = Boolean(released.queued)
        if (write) await query.upsertMessage(trx, messageColumns(write, chatId, now))
      })
      return ended ? { queued } : null
    },

    /** What a settle of `toolCallIds` decides from (see {@link SettleSnapshot}), or `null` for no such chat. Two reads. */
    async settleSnapshot(chatId: string, toolCallIds: string[]): Promise<SettleSnapshot | null> {
      const { rows } = await query.chatWithCalls(db, chatId, toolCallIds)
      if (rows.length === 0) return null
      const chat = toChatRecord(rows[0])
      const calls = rows.flatMap((row) =>
        row.p_tool_call_id === null
          ? []
          : [
              toCallRecord({
                chat_id: chatId,
                tool_call_id: row.p_tool_call_id,
                message_id: row.p_message_id!,
                tool_name: row.p_tool_name!,
                agent_slug: row.p_agent_slug!,
                input: row.p_input!,
                status: row.p_status!,
                tool_fingerprint: row.p_tool_fingerprint!,
                created_at: row.p_created_at!,
                expires_at: row.p_expires_at,
                settled_at: row.p_settled_at,
                kind: row.p_kind!,
                quorum: row.p_quorum,
                votes: row.p_votes!,
                assignees: row.p_assignees
              })
            ]
      )
      return { chat, calls, messages: await chatReads.versionedMessages(db, chatId) }
    },

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
