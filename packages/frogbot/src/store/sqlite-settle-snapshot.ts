import { type Kysely, sql } from 'kysely'
import type { ChatsTable, Database, MessagesTable, PendingCallsTable } from './database-schema.ts'
import { COLUMNS } from './database-schema.ts'
import { toCallRecord, toChatRecord } from './chat-records.ts'
import { type MessageText, parsedMessages } from './parsed-messages.ts'
import { precompiled } from './precompiled.ts'
import type { SettleSnapshot } from './turn-write-shapes.ts'

/** The call columns a snapshot reads: all that `toCallRecord` reads (who may answer needs `escalated_to`). */
const CALL_COLUMNS = [
  'tool_call_id', 'message_id', 'tool_name', 'agent_slug', 'input', 'status', 'tool_fingerprint', 'created_at',
  'expires_at', 'settled_at', 'kind', 'quorum', 'votes', 'assignees', 'escalated_at', 'escalated_to'
] as const

/**
 * One row of the snapshot. A message's row: `o` its position, `v1`…`v6` its id, role, parts,
 * metadata, settlements and version. The chat's rows (one for each call read, or one without a
 * call): `o` -1, `v1` the chat's row as a JSON object, `v2` the call's row as one (or null).
 * Seven columns each: a message row, the bulk of a long chat, carries no column it does not fill.
 */
type SnapshotRow = { o: number; v1: string; v2: string | null; v3: string | null; v4: string | null; v5: string | null; v6: number | null }

const jsonObject = (alias: string, columns: readonly string[]) => sql`json_object(${sql.join(columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(`${alias}.${column}`)}`))})`

/**
 * The whole snapshot in one statement (one read, so one consistent state of the chat): the chat
 * joined to its pending calls and the calls named, and its messages, as the two arms of a
 * `union all`. Without an `order by`: a compound `order by` makes SQLite merge the arms row by row,
 * which costs more than the messages' second statement it saves; the caller orders the rows.
 */
const snapshotQuery = precompiled((db, chatId: string, toolCallIds: string[]) => {
  const named = toolCallIds.length > 0 ? sql`(p.status = 'pending' or p.tool_call_id in (${sql.join(toolCallIds)}))` : sql`p.status = 'pending'`
  return sql<SnapshotRow>`
    select -1 as o, ${jsonObject('c', COLUMNS.frogbot_chats)} as v1, case when p.tool_call_id is null then null else ${jsonObject('p', CALL_COLUMNS)} end as v2,
        null as v3, null as v4, null as v5, null as v6
      from frogbot_chats c left join frogbot_pending_calls p on p.chat_id = c.id and ${named}
      where c.id = ${chatId}
    union all
    select m.position, m.id, m.role, m.parts, m.metadata, m.settlements, m.version
      from frogbot_messages m
      where m.chat_id = ${chatId}`.compile(db)
})

/** Whether the message rows come in the order of their positions (SQLite reads them along the `(chat_id, position)` index). */
const inOrder = (rows: SnapshotRow[]) => rows.every((row, index) => index === 0 || rows[index - 1].o < row.o)

/** What a settle of `toolCallIds` decides from on SQLite (see {@link SettleSnapshot}), or `null` for no such chat. One read. */
export async function sqliteSettleSnapshot(db: Kysely<Database>, chatId: string, toolCallIds: string[]): Promise<SettleSnapshot | null> {
  const { rows } = await snapshotQuery(db, chatId, toolCallIds)
  const chatRows = rows.filter((row) => row.o < 0)
  if (chatRows.length === 0) return null
  let messageRows = rows.filter((row) => row.o >= 0)
  if (!inOrder(messageRows)) messageRows = messageRows.sort((a, b) => a.o - b.o)
  const calls = chatRows.flatMap((row) => (row.v2 === null ? [] : [toCallRecord({ chat_id: chatId, ...(JSON.parse(row.v2) as Omit<PendingCallsTable, 'chat_id'>) })]))
  const texts: MessageText[] = messageRows.map((row) => ({ id: row.v1, role: row.v2 as MessagesTable['role'], parts: row.v3!, metadata: row.v4, settlements: row.v5! }))
  const messages = parsedMessages(texts).map((message, index) => ({ ...message, version: Number(messageRows[index].v6) }))
  return { chat: toChatRecord(JSON.parse(chatRows[0].v1) as ChatsTable), calls, messages }
}
