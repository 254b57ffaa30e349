import type { Kysely } from 'kysely'
import type { CallDraft } from '@frogbotai/protocol'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { CallStatus, Database } from './database-schema.ts'

/** What saving a draft found: saved, the call no longer waits (`settled`), or no such call. */
export type DraftSave = { saved: CallDraft } | { refused: 'settled' | 'no-call' }

/**
 * The drafts of waiting calls' cards (docs/http/overview.md: the draft of a card). A draft is read only while its
 * call waits and saved only then; the database deletes it when the call settles (a trigger of
 * migration 007) or goes.
 */
export function callDrafts(db: Kysely<Database>, adapter: DatabaseAdapter) {
  return {
    /** The drafts of chat `chatId`'s waiting calls. */
    async getDrafts(chatId: string): Promise<CallDraft[]> {
      const rows = await db
        .selectFrom('frogbot_call_drafts as d')
        .innerJoin('frogbot_pending_calls as p', (join) => join.onRef('p.chat_id', '=', 'd.chat_id').onRef('p.tool_call_id', '=', 'd.tool_call_id'))
        .select(['d.tool_call_id', 'd.draft', 'd.updated_at'])
        .where('d.chat_id', '=', chatId)
        .where('p.status', '=', 'pending')
        .orderBy('p.created_at')
        .orderBy('d.tool_call_id')
        .execute()
      return rows.map((row) => ({ toolCallId: row.tool_call_id, draft: JSON.parse(row.draft), updatedAt: row.updated_at }))
    },

    /**
     * Keeps `draft` for call `toolCallId` of chat `chatId` while it waits, replacing the one before.
     * The call's row is read with a share lock on PostgreSQL, so a settle that commits meanwhile
     * waits for the save or is seen by it (its trigger then finds the draft to delete).
     */
    async saveDraft({ chatId, toolCallId, draft, now }: { chatId: string; toolCallId: string; draft: unknown; now: string }): Promise<DraftSave> {
      return adapter.transaction(db, async (trx) => {
        let read = trx.selectFrom('frogbot_pending_calls').select('status').where('chat_id', '=', chatId).where('tool_call_id', '=', toolCallId)
        if (adapter.kind === 'postgres') read = read.forShare()
        const call = (await read.executeTakeFirst()) as { status: CallStatus } | undefined
        if (!call) return { refused: 'no-call' as const }
        if (call.status !== 'pending') return { refused: 'settled' as const }
        const row = { chat_id: chatId, tool_call_id: toolCallId, draft: JSON.stringify(draft), updated_at: now }
        await trx
          .insertInto('frogbot_call_drafts')
          .values(row)
          .onConflict((conflict) => conflict.columns(['chat_id', 'tool_call_id']).doUpdateSet({ draft: row.draft, updated_at: row.updated_at }))
          .execute()
        return { saved: { toolCallId, draft, updatedAt: now } }
      })
    },

    /** Deletes the draft of call `toolCallId` of chat `chatId`, if it has one. */
    async deleteDraft(chatId: string, toolCallId: string): Promise<void> {
      await db.deleteFrom('frogbot_call_drafts').where('chat_id', '=', chatId).where('tool_call_id', '=', toolCallId).execute()
    }
  }
}
