import { type Kysely, sql } from 'kysely'
import { COLUMNS, type Database } from './database-schema.ts'
import { type CallRecord, toCallRecord } from './chat-records.ts'

/** Where a page of the inbox starts: after this call, in the inbox's order (newest first). */
export type InboxPosition = { createdAt: string; chatId: string; toolCallId: string }

/** What the inbox lists: whose calls (a user id and assignee entries), and which. Times are ISO 8601. */
export type InboxQuery = {
  ownerId: string
  assigneeKeys: string[]
  agentSlugs: string[]
  kind?: string
  createdBefore?: string
  createdAfter?: string
  after?: InboxPosition
  limit: number
}

/** A waiting call of the inbox, with its chat's title. */
export type InboxCall = CallRecord & { chatTitle: string | null }

/** Whether a call of chat `chatId` names one of `keys` (user ids, lower-cased emails) as an assignee, whatever its status. */
export async function isAssignedIn(db: Kysely<Database>, chatId: string, keys: string[]): Promise<boolean> {
  if (keys.length === 0) return false
  const row = await db.selectFrom('frogbot_call_assignees').select('tool_call_id').where('assignee', 'in', keys).where('chat_id', '=', chatId).limit(1).executeTakeFirst()
  return row !== undefined
}

/**
 * The calls still waiting in web chats of `agentSlugs` that `ownerId` owns or that name one of
 * `assigneeKeys`, newest first (then by chat and call id), at most `limit + 1` (the one more says
 * another page follows), filtered by `kind` and creation time (`createdBefore`, `createdAfter`,
 * both exclusive), after `after`.
 */
export async function waitingCallsFor(db: Kysely<Database>, { ownerId, assigneeKeys, agentSlugs, kind, createdBefore, createdAfter, after, limit }: InboxQuery): Promise<InboxCall[]> {
  if (agentSlugs.length === 0) return []
  let query = db
    .selectFrom('frogbot_pending_calls as p')
    .innerJoin('frogbot_chats as c', 'c.id', 'p.chat_id')
    .select(COLUMNS.frogbot_pending_calls.map((column) => `p.${column}` as const))
    .select('c.title as chat_title')
    // A literal, so that PostgreSQL matches the partial index `frogbot_pending_calls_inbox` in a generic plan too.
    .where('p.status', '=', sql.lit('pending'))
    .where('c.channel', 'is', null)
    .where('p.agent_slug', 'in', agentSlugs)
    .where((eb) =>
      eb.or([
        eb('c.owner_id', '=', ownerId),
        ...(assigneeKeys.length > 0
          ? [
              eb.exists(
                eb
                  .selectFrom('frogbot_call_assignees as a')
                  .select('a.tool_call_id')
                  .whereRef('a.chat_id', '=', 'p.chat_id')
                  .whereRef('a.tool_call_id', '=', 'p.tool_call_id')
                  .where('a.assignee', 'in', assigneeKeys)
              )
            ]
          : [])
      ])
    )
  if (kind !== undefined) query = query.where('p.kind', '=', kind)
  if (createdBefore !== undefined) query = query.where('p.created_at', '<', createdBefore)
  if (createdAfter !== undefined) query = query.where('p.created_at', '>', createdAfter)
  if (after) {
    const { createdAt, chatId, toolCallId } = after
    query = query.where((eb) =>
      eb.or([
        eb('p.created_at', '<', createdAt),
        eb.and([eb('p.created_at', '=', createdAt), eb('p.chat_id', '<', chatId)]),
        eb.and([eb('p.created_at', '=', createdAt), eb('p.chat_id', '=', chatId), eb('p.tool_call_id', '<', toolCallId)])
      ])
    )
  }
  const rows = await query.orderBy('p.created_at', 'desc').orderBy('p.chat_id', 'desc').orderBy('p.tool_call_id', 'desc').limit(limit + 1).execute()
  return rows.map(({ chat_title, ...row }) => ({ ...toCallRecord(row as Parameters<typeof toCallRecord>[0]), chatTitle: chat_title }))
}
