import { type Kysely, sql } from 'kysely'
import type { ChatsTable, Database, MessagesTable, PendingCallsTable } from './database-schema.ts'
import { COLUMNS } from './database-schema.ts'
import { toCallRecord, toChatRecord } from './chat-records.ts'
import { parsedMessages } from './parsed-messages.ts'
import { precompiled } from './precompiled.ts'
import type { SettleSnapshot } from './turn-write-shapes.ts'

/** The call columns a snapshot reads, each as `p_<column>` (the chat's own columns keep their names). */
const CALL_COLUMNS = ['tool_call_id', 'message_id', 'tool_name', 'agent_slug', 'input', 'status', 'tool_fingerprint', 'created_at', 'expires_at', 'settled_at', 'kind', 'quorum', 'votes', 'assignees'] as const

/** The message columns a snapshot reads, each as `m_<column>`. */
const MESSAGE_COLUMNS = ['id', 'role', 'parts', 'metadata', 'settlements', 'version'] as const

type CallColumn = (typeof CALL_COLUMNS)[number]
type MessageColumn = (typeof MESSAGE_COLUMNS)[number]

/** One row of the snapshot: `k` 0 is the chat (with one of its calls, or none), `k` 1 a message; the other kind's columns are null. */
type SnapshotRow = { k: number } & ChatsTable & { [C in CallColumn as `p_${C}`]: PendingCallsTable[C] | null } & { [C in MessageColumn as `m_${C}`]: MessagesTable[C] }

const nulls = (count: number) => sql.join(Array.from({ length: count }, () => sql`null`))

/** The first arm names the columns of a `union all`: its nulls need the names of the other arm's columns. */
const namedNulls = (names: readonly string[]) => sql.join(names.map((name) => sql`null as ${sql.ref(name)}`))

/**
 * The whole snapshot in one statement (one read, so one consistent state of the chat): the chat
 * joined to its pending calls and the calls named, then its messages in order, as the two arms of
 * a `union all` that share one list of columns. The chat's rows sort first (`o` -1, a message's
 * is its position), so the messages come in the order of their index, without a sort.
 */
const snapshotQuery = precompiled((db, chatId: string, toolCallIds: string[]) => {
  const chatColumns = COLUMNS.frogbot_chats.map((column) => sql`c.${sql.ref(column)}`)
  const callColumns = CALL_COLUMNS.map((column) => sql`p.${sql.ref(column)} as ${sql.ref(`p_${column}`)}`)
  const messageColumns = MESSAGE_COLUMNS.map((column) => sql`m.${sql.ref(column)} as ${sql.ref(`m_${column}`)}`)
  const named = toolCallIds.length > 0 ? sql`(p.status = 'pending' or p.tool_call_id in (${sql.join(toolCallIds)}))` : sql`p.status = 'pending'`
  return sql<SnapshotRow>`
    select 0 as k, -1 as o, ${sql.join(chatColumns)}, ${sql.join(callColumns)}, ${namedNulls(MESSAGE_COLUMNS.map((column) => `m_${column}`))}
      from frogbot_chats c left join frogbot_pending_calls p on p.chat_id = c.id and ${named}
      where c.id = ${chatId}
    union all
    select 1, m.position, ${nulls(COLUMNS.frogbot_chats.length + CALL_COLUMNS.length)}, ${sql.join(messageColumns)}
      from frogbot_messages m
      where m.chat_id = ${chatId}
    order by o`.compile(db)
})

/** What a settle of `toolCallIds` decides from on SQLite (see {@link SettleSnapshot}), or `null` for no such chat. One read. */
export async function sqliteSettleSnapshot(db: Kysely<Database>, chatId: string, toolCallIds: string[]): Promise<SettleSnapshot | null> {
  const { rows } = await snapshotQuery(db, chatId, toolCallIds)
  if (rows.length === 0 || rows[0].k !== 0) return null
  const first = rows.findIndex((row) => row.k === 1)
  const chatRows = first === -1 ? rows : rows.slice(0, first)
  const messageRows = first === -1 ? [] : rows.slice(first)
  const calls = chatRows.flatMap((row) =>
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
  const texts = messageRows.map((row) => ({ id: row.m_id, role: row.m_role, parts: row.m_parts, metadata: row.m_metadata, settlements: row.m_settlements }))
  const messages = parsedMessages(texts).map((message, index) => ({ ...message, version: Number(messageRows[index].m_version) }))
  return { chat: toChatRecord(chatRows[0]), calls, messages }
}
