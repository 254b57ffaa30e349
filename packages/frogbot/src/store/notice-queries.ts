import { type Kysely, sql } from 'kysely'
import { type AnswerLinksTable, COLUMNS, type Database } from './database-schema.ts'
import { type CallRecord, toCallRecord } from './chat-records.ts'

/** A waiting call whose next reminder or escalation is due, with where its notices stand. */
export type DueNotice = { call: CallRecord; noticeAt: string; dueAt: string; remindersSent: number; escalated: boolean }

/** What a sweeper claims of a {@link DueNotice}: the next reminder (`remindersSent` one more) or the escalation, and the next due time. */
export type NoticeClaim = { remindersSent: number; escalation?: { at: string; to: string[] }; nextDueAt: string | null }

/** An answer link to keep: the SHA-256 of its token, never the token. */
export type NewAnswerLink = Omit<AnswerLinksTable, 'used_at'>

/**
 * The store's side of notices (docs/chat/reach-people.md; migration `011-notices`). Every claim is
 * one `update … where` whose condition is the state the caller read, so across any number of
 * processes exactly one wins it; each requires the call still to wait, so nothing is claimed for a
 * settled call.
 */
export function noticeQueries(db: Kysely<Database>) {
  return {
    /**
     * Marks calls of a chat as noticed at `now` with their next notice due at `dueAt` (`null`: none),
     * for those still waiting and never noticed; returns the ids this call marked (whose first
     * notice is the caller's to send).
     */
    async startNotices({ chatId, toolCallIds, now, dueAt }: { chatId: string; toolCallIds: string[]; now: string; dueAt: string | null }): Promise<string[]> {
      if (toolCallIds.length === 0) return []
      const rows = await db
        .updateTable('frogbot_pending_calls')
        .set({ notice_at: now, notice_due_at: dueAt })
        .where('chat_id', '=', chatId)
        .where('tool_call_id', 'in', toolCallIds)
        .where('status', '=', 'pending')
        .where('notice_at', 'is', null)
        .returning('tool_call_id')
        .execute()
      return rows.map((row) => row.tool_call_id)
    },

    /** Up to `limit` waiting calls whose next notice is due at `now`, earliest first (the partial index `frogbot_pending_calls_notices_due`). */
    async dueNotices({ now, limit = 100 }: { now: string; limit?: number }): Promise<DueNotice[]> {
      const rows = await db
        .selectFrom('frogbot_pending_calls')
        .select(COLUMNS.frogbot_pending_calls)
        // A literal, as in the partial index's predicate: a generic plan could not use it for a parameter.
        .where('status', '=', sql.lit('pending'))
        .where('notice_due_at', 'is not', null)
        .where('notice_due_at', '<=', now)
        .orderBy('notice_due_at')
        .limit(limit)
        .execute()
      return rows.map((row) => ({ call: toCallRecord(row), noticeAt: row.notice_at!, dueAt: row.notice_due_at!, remindersSent: Number(row.reminders_sent ?? 0), escalated: row.escalated_at != null }))
    },

    /**
     * Claims the next notice of `due` as `claim` says, in one compare-and-set on the state `due`
     * was read in (its reminders sent, due time, escalation, and that the call still waits).
     * True for the one caller that won it.
     */
    async claimNotice(due: DueNotice, claim: NoticeClaim): Promise<boolean> {
      const updated = await db
        .updateTable('frogbot_pending_calls')
        .set({
          reminders_sent: claim.remindersSent,
          notice_due_at: claim.nextDueAt,
          ...(claim.escalation ? { escalated_at: claim.escalation.at, escalated_to: JSON.stringify(claim.escalation.to) } : {})
        })
        .where('chat_id', '=', due.call.chatId)
        .where('tool_call_id', '=', due.call.toolCallId)
        .where('status', '=', 'pending')
        .where('reminders_sent', '=', due.remindersSent)
        .where('notice_due_at', '=', due.dueAt)
        .where('escalated_at', due.escalated ? 'is not' : 'is', null)
        .executeTakeFirst()
      const won = Number(updated.numUpdatedRows) === 1
      // Those an escalation tells are asked from then on: the inbox lists the call for them and
      // they may read its chat, as for assignees (docs/chat/reach-people.md "Escalation").
      if (won && claim.escalation && claim.escalation.to.length > 0) {
        const rows = [...new Set(claim.escalation.to.map((to) => (to.includes('@') ? to.toLowerCase() : to)))].map((assignee) => ({ chat_id: due.call.chatId, tool_call_id: due.call.toolCallId, assignee }))
        await db.insertInto('frogbot_call_assignees').values(rows).onConflict((conflict) => conflict.doNothing()).execute()
      }
      return won
    },

    /** Keeps answer links. */
    async saveLinks(links: NewAnswerLink[]): Promise<void> {
      if (links.length > 0) await db.insertInto('frogbot_answer_links').values(links.map((link) => ({ ...link, used_at: null }))).execute()
    },

    /** The answer link whose token hashes to `tokenHash`, or `null`. */
    async findLink(tokenHash: string): Promise<AnswerLinksTable | null> {
      return (await db.selectFrom('frogbot_answer_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()) ?? null
    },

    /** Marks a link used at `now` if it is unused and not expired; true for the one caller that did. */
    async claimLink(tokenHash: string, now: string): Promise<boolean> {
      const updated = await db.updateTable('frogbot_answer_links').set({ used_at: now }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst()
      return Number(updated.numUpdatedRows) === 1
    },

    /** Deletes up to `limit` links that expired before `before`; returns how many. */
    async deleteExpiredLinks({ before, limit = 500 }: { before: string; limit?: number }): Promise<number> {
      const expired = db.selectFrom('frogbot_answer_links').select('token_hash').where('expires_at', '<', before).limit(limit)
      const deleted = await db.deleteFrom('frogbot_answer_links').where('token_hash', 'in', expired).executeTakeFirst()
      return Number(deleted.numDeletedRows)
    },

    /** Gives a claimed link back (its answer was refused as invalid, so the person may correct it). */
    async releaseLink(tokenHash: string): Promise<void> {
      await db.updateTable('frogbot_answer_links').set({ used_at: null }).where('token_hash', '=', tokenHash).execute()
    }
  }
}
