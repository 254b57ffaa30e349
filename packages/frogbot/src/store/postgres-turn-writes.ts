import { type Kysely, type QueryCreator, type RawBuilder, sql } from 'kysely'
import type { CallAssigneesTable, ChatsTable, Database, MessagesTable, PendingCallsTable } from './database-schema.ts'
import type { UIMessage } from 'ai'
import { assigneeRows, callRow, messageRow, type NewCall, type NewChat, newChatRow, toCallRecord, toChatRecord } from './chat-records.ts'
import { type MessageText, parsedMessages } from './parsed-messages.ts'
import { chatPatchRow } from './chat-transaction.ts'
import { precompiled } from './precompiled.ts'
import type { MessageWrite, SettleSnapshot, SettleWrite } from './turn-write-shapes.ts'

/**
 * The hot-path writes as single statements for PostgreSQL, where every statement is a network
 * round trip: data-modifying CTEs that apply one decided change at once. The first part checks the
 * guard (a turn's lease, a chat's version; a chat row another writer holds is skipped, not waited
 * for) and every other part writes only when it held, so a guard that does not hold writes
 * nothing. Same contracts as their SQLite counterparts in `turn-writes.ts`.
 */

const INTEGER_COLUMNS = new Set(['position', 'version', 'quorum'])

/** Rows of `values` as a select that yields them only when the CTE `guard` has a row. Columns are all text but the integers. */
function rowsWhen(guard: string, rows: Record<string, unknown>[]): RawBuilder<unknown> {
  const columns = Object.keys(rows[0])
  const cell = (column: string, value: unknown) => (INTEGER_COLUMNS.has(column) ? sql`${value}::int` : sql`${value}::text`)
  const values = sql.join(rows.map((row) => sql`(${sql.join(columns.map((column) => cell(column, row[column])))})`))
  return sql`select * from (values ${values}) as v(${sql.join(columns.map((column) => sql.id(column)))}) where exists (select 1 from ${sql.table(guard)})`
}

const holding = (qb: QueryCreator<any>, chatId: string, leaseOwner: string) =>
  qb.updateTable('frogbot_chats').where('id', '=', chatId).where('state', '=', 'running').where('lease_owner', '=', leaseOwner)
const count = (cte: string) => sql<number>`(select count(*)::int from ${sql.table(cte)})`

/** The message upsert of a message row, written only when the CTE `guard` has a row. */
const saveMessage = (qb: QueryCreator<any>, guard: string, row: MessagesTable) =>
  qb
    .insertInto('frogbot_messages')
    .columns(Object.keys(row) as never)
    .expression(rowsWhen(guard, [row]))
    .onConflict((conflict: any) =>
      conflict
        .column('id')
        .doUpdateSet((eb: any) => ({ parts: row.parts, metadata: row.metadata, settlements: row.settlements, updated_at: row.updated_at, version: eb('frogbot_messages.version', '+', 1) }))
        .where('frogbot_messages.chat_id', '=', row.chat_id)
    )
    .returning('id')

/** The hot path's statements, each compiled once (see `precompiled`). */
const query = {
  startNewChat: precompiled((db, chatRow: ChatsTable, messageRow: MessagesTable) =>
    (db as Kysely<any>)
      .with('created', (qb) => qb.insertInto('frogbot_chats').values(chatRow).onConflict((conflict: any) => conflict.doNothing()).returning('id'))
      .with('first', (qb) =>
        qb
          .insertInto('frogbot_messages')
          .columns(Object.keys(messageRow) as never)
          .expression(rowsWhen('created', [messageRow]))
          .onConflict((conflict: any) => conflict.column('id').doNothing())
          .returning('id')
      )
      .selectNoFrom([count('created').as('created'), count('first').as('first')])
  ),
  insertMessage: precompiled((db, row: MessagesTable) => db.insertInto('frogbot_messages').values(row).onConflict((conflict) => conflict.column('id').doNothing())),
  saveStep: precompiled((db, chatId: string, leaseOwner: string, leaseUntil: string, row: MessagesTable) =>
    (db as Kysely<any>)
      .with('held', (qb) => holding(qb, chatId, leaseOwner).set({ lease_until: leaseUntil }).returning('id'))
      .with('saved', (qb) => saveMessage(qb, 'held', row))
      .selectNoFrom(count('held').as('held'))
  ),
  pauseTurn: precompiled((db, chatId: string, leaseOwner: string, now: string, row: MessagesTable, calls: PendingCallsTable[], assigned: CallAssigneesTable[]) => {
    const built = (db as Kysely<any>)
      .with('held', (qb) =>
        holding(qb, chatId, leaseOwner)
          .set((eb: any) => ({ state: 'awaiting', lease_owner: null, lease_until: null, stop_requested_at: null, updated_at: now, version: eb('version', '+', 1) }))
          .returning('id')
      )
      .with('saved', (qb) => saveMessage(qb, 'held', row))
      .with('asked', (qb) => qb.insertInto('frogbot_pending_calls').columns(Object.keys(calls[0]) as never).expression(rowsWhen('held', calls)).returning('tool_call_id'))
    // An assignee row's call is inserted by the statement's `asked`: its foreign key is checked at the statement's end.
    const withAssignees =
      assigned.length > 0
        ? built.with('assigned', (qb) => qb.insertInto('frogbot_call_assignees').columns(Object.keys(assigned[0]) as never).expression(rowsWhen('held', assigned)).returning('assignee'))
        : built
    return withAssignees.selectNoFrom(count('held').as('held'))
  }),
  endTurn: precompiled((db, chatId: string, leaseOwner: string, now: string, rows: MessagesTable[]) => {
    let built = (db as Kysely<any>).with('held', (qb) =>
      holding(qb, chatId, leaseOwner)
        .set((eb: any) => ({ state: 'idle', lease_owner: null, lease_until: null, stop_requested_at: null, updated_at: now, version: eb('version', '+', 1) }))
        .returning((eb: any) => ['id', eb.exists(eb.selectFrom('frogbot_queued_messages').select('id').whereRef('chat_id', '=', 'frogbot_chats.id')).as('queued')])
    )
    for (const row of rows) built = built.with('saved', (qb) => saveMessage(qb, 'held', row))
    return built.selectFrom('held').select('queued')
  }),
  settleSnapshot: precompiled((db, chatId: string, toolCallIds: string[]) => {
    const callsWhere = toolCallIds.length > 0 ? sql`(p.status = 'pending' or p.tool_call_id = any(${toolCallIds}::text[]))` : sql`p.status = 'pending'`
    return sql<{ chat: Record<string, unknown>; calls: Record<string, unknown>[]; messages: Record<string, unknown>[] }>`
      select row_to_json(c) as chat,
        (select coalesce(json_agg(p), '[]'::json) from frogbot_pending_calls p where p.chat_id = c.id and ${callsWhere}) as calls,
        (select coalesce(json_agg(m order by m.position), '[]'::json) from frogbot_messages m where m.chat_id = c.id) as messages
      from frogbot_chats c where c.id = ${chatId}`.compile(db)
  }),
  applySettle: precompiled((db, chatId: string, chatVersion: number, next: Partial<ChatsTable>, ids: string[], statuses: string[], voteIds: string[], votes: string[], now: string, message: { id: string; version: number }, saved: { parts: string; settlements: string; version: number; updated_at: string }) =>
    (db as Kysely<any>)
      .with('moved', (qb) =>
        qb
          .updateTable('frogbot_chats')
          .set(next)
          .where('id', 'in', (eb: any) => eb.selectFrom('frogbot_chats').select('id').where('id', '=', chatId).where('version', '=', chatVersion).forUpdate().skipLocked())
          .returning('id')
      )
      .with('ended', (qb) =>
        qb
          .updateTable('frogbot_pending_calls')
          .from(sql`(select unnest(${ids}::text[]) as id, unnest(${statuses}::text[]) as status)`.as('v'))
          .set({ status: sql.ref('v.status'), settled_at: now })
          .whereRef('frogbot_pending_calls.tool_call_id', '=', 'v.id')
          .where('frogbot_pending_calls.chat_id', '=', chatId)
          .where('frogbot_pending_calls.status', '=', 'pending')
          .where((eb: any) => eb.exists(eb.selectFrom('moved').select('id')))
          .returning('frogbot_pending_calls.tool_call_id')
      )
      .with('voted', (qb) =>
        qb
          .updateTable('frogbot_pending_calls')
          .from(sql`(select unnest(${voteIds}::text[]) as id, unnest(${votes}::text[]) as votes)`.as('v'))
          .set({ votes: sql.ref('v.votes') })
          .whereRef('frogbot_pending_calls.tool_call_id', '=', 'v.id')
          .where('frogbot_pending_calls.chat_id', '=', chatId)
          .where('frogbot_pending_calls.status', '=', 'pending')
          .where((eb: any) => eb.exists(eb.selectFrom('moved').select('id')))
          .returning('frogbot_pending_calls.tool_call_id')
      )
      .with('saved', (qb) =>
        qb
          .updateTable('frogbot_messages')
          .set(saved)
          .where('id', '=', message.id)
          .where('chat_id', '=', chatId)
          .where('version', '=', message.version)
          .where((eb: any) => eb.exists(eb.selectFrom('moved').select('id')))
          .returning('id')
      )
      .selectNoFrom([count('moved').as('moved'), count('ended').as('ended'), count('voted').as('voted'), count('saved').as('saved')])
  )
}

export function postgresTurnWrites(db: Kysely<Database>) {
  return {
    async startNewChat({ chat, message, leaseOwner, leaseUntil, now, freshId }: { chat: NewChat; message: UIMessage; leaseOwner: string; leaseUntil: string; now: string; freshId: () => string }): Promise<string | null> {
      const chatRow = { ...newChatRow(chat, now), state: 'running' as const, lease_owner: leaseOwner, lease_until: leaseUntil }
      const [result] = (await query.startNewChat(db, chatRow, messageRow(chat.id, 0, message, now))).rows
      if (Number(result?.created) !== 1) return null
      if (Number(result?.first) === 1) return message.id
      // The client's message id is taken (by another chat's message): the chat keeps a fresh one.
      for (;;) {
        const id = freshId()
        if (Number((await query.insertMessage(db, messageRow(chat.id, 0, { ...message, id }, now))).numAffectedRows ?? 0) === 1) return id
      }
    },

    async saveStep({ chatId, leaseOwner, leaseUntil, write, now }: { chatId: string; leaseOwner: string; leaseUntil: string; write: MessageWrite; now: string }): Promise<boolean> {
      const [result] = (await query.saveStep(db, chatId, leaseOwner, leaseUntil, writeRow(chatId, write, now))).rows
      return Number(result?.held) === 1
    },

    async pauseTurn({ chatId, leaseOwner, write, calls, now }: { chatId: string; leaseOwner: string; write: MessageWrite; calls: NewCall[]; now: string }): Promise<boolean> {
      const rows = calls.map((call) => callRow(chatId, call))
      const [result] = (await query.pauseTurn(db, chatId, leaseOwner, now, writeRow(chatId, write, now), rows, assigneeRows(chatId, calls))).rows
      return Number(result?.held) === 1
    },

    async endTurn({ chatId, leaseOwner, write, now }: { chatId: string; leaseOwner: string; write: MessageWrite | null; now: string }): Promise<{ queued: boolean } | null> {
      const [result] = (await query.endTurn(db, chatId, leaseOwner, now, write ? [writeRow(chatId, write, now)] : [])).rows
      return result ? { queued: Boolean(result.queued) } : null
    },

    /** One round trip: the chat, its pending calls and the named ones, and the transcript, as JSON. */
    async settleSnapshot(chatId: string, toolCallIds: string[]): Promise<SettleSnapshot | null> {
      const [row] = (await query.settleSnapshot(db, chatId, toolCallIds)).rows
      if (!row) return null
      return {
        chat: toChatRecord(row.chat as never),
        calls: row.calls.map((call) => toCallRecord(call as never)),
        messages: parsedMessages(row.messages as unknown as MessageText[]).map((message, index) => ({ ...message, version: Number(row.messages[index].version) }))
      }
    },

    /**
     * One round trip: the chat moves at its version (a chat row another settle holds is skipped,
     * not waited for), and only then are the calls ended and the message rewritten.
     */
    async applySettle({ chatId, chatVersion, calls, votes = [], message, chat }: SettleWrite, now: string): Promise<boolean> {
      const next = { ...chatPatchRow(chat), updated_at: now, version: chatVersion + 1 }
      const saved = { parts: JSON.stringify(message.parts), settlements: JSON.stringify(message.settlements), version: message.version + 1, updated_at: now }
      const ids = calls.map((call) => call.toolCallId)
      const statuses = calls.map((call) => call.status)
      const voteIds = votes.map((vote) => vote.toolCallId)
      const voteLists = votes.map((vote) => JSON.stringify(vote.votes))
      const [result] = (await query.applySettle(db, chatId, chatVersion, next, ids, statuses, voteIds, voteLists, now, { id: message.id, version: message.version }, saved)).rows
      if (Number(result?.moved) !== 1) return false
      // Every write that ends a call or records a vote also moves the chat's version, so the
      // chat's guard holding means the calls and the message are as the snapshot saw them.
      if (Number(result?.ended) !== calls.length || Number(result?.voted) !== votes.length || Number(result?.saved) !== 1) {
        throw new Error(`applySettle: chat ${chatId} moved but ${result?.ended} calls, ${result?.voted} votes and ${result?.saved} messages changed`)
      }
      return true
    }
  }
}

const writeRow = (chatId: string, write: MessageWrite, now: string) => messageRow(chatId, write.position, { ...write.message, settlements: write.settlements }, now)
