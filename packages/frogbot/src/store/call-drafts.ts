import type { Kysely } from 'kysely'
import type { CallDraft } from '@frogbotai/protocol'
import type { DatabaseAdapter } from './database-adapter.ts'
import type { CallStatus, Database } from './database-schema.ts'

/** What saving a draft found: saved, the call no longer waits (`settled`), or no such call. */
export type DraftSave = { saved: CallDraft } | { refused: 'settled' | 'no-call' }

/** What deleting a draft found (see {@link DraftSave}). */
export type DraftDelete = { deleted: true } | { refused: 'settled' | 'no-call' }

/**
 * The drafts of waiting calls' cards (docs/http/overview.md: the draft of a card), one per call
 * and writer (`user:<id>`, or `anonymous`): each person's own, never another's. A draft is read
 * only while its call waits and saved only then; the database deletes every writer's when the
 * call settles (a trigger of migration 007) or goes.
 */
export function callDrafts(db: Kysely<Database>, adapter: DatabaseAdapter) {
  type Call = { chatId: string; toolCallId: string }
  /** The status of call `toolCallId` of chat `chatId` (share-locked on PostgreSQL, see `saveDraft`). */
  const statusOf = async (trx: Kysely<Database>, call: Call): Promise<CallStatus | null> => {
    const { chatId, toolCallId } = call
    let read = trx
      .selectFrom('frogbot_pending_calls')
      .select('status')
      .where('chat_id', '=', chatId)
      .where('tool_call_id', '=', toolCallId)
    if (adapter.kind === 'postgres') read = read.forShare()
    const row = (await read.executeTakeFirst()) as { status: CallStatus } | undefined
    return row?.status ?? null
  }
  return {
    /** The drafts `writer` keeps on chat `chatId`'s waiting calls. */
    async getDrafts(chatId: string, writer: string): Promise<CallDraft[]> {
      const rows = await db
        .selectFrom('frogbot_call_drafts as d')
        .innerJoin('frogbot_pending_calls as p', (join) => join.onRef('p.chat_id', '=', 'd.chat_id').onRef('p.tool_call_id', '=', 'd.tool_call_id'))
        .select(['d.tool_call_id', 'd.draft', 'd.updated_at'])
        .where('d.chat_id', '=', chatId)
        .where('d.writer', '=', writer)
        .where('p.status', '=', 'pending')
        .orderBy('p.created_at')
        .orderBy('d.tool_call_id')
        .execute()
      return rows.map((row) => ({ toolCallId: row.tool_call_id, draft: JSON.parse(row.draft), updatedAt: row.updated_at }))
    },

    /**
     * Keeps `draft` as `writer`'s for call `toolCallId` of chat `chatId` while it waits, replacing
     * their one before (never another writer's). The call's row is read with a share lock on
     * PostgreSQL, so a settle that commits meanwhile waits for the save or is seen by it (its
     * trigger then finds the draft to delete).
     */
    async saveDraft(save: Call & { writer: string; draft: unknown; now: string }): Promise<DraftSave> {
      const { chatId, toolCallId, writer, draft, now } = save
      return adapter.transaction(db, async (trx) => {
        const status = await statusOf(trx, { chatId, toolCallId })
        if (status === null) return { refused: 'no-call' as const }
        if (status !== 'pending') return { refused: 'settled' as const }
        const json = JSON.stringify(draft)
        const row = { chat_id: chatId, tool_call_id: toolCallId, writer, draft: json, updated_at: now }
        await trx
          .insertInto('frogbot_call_drafts')
          .values(row)
          .onConflict((conflict) =>
            conflict
              .columns(['chat_id', 'tool_call_id', 'writer'])
              .doUpdateSet({ draft: json, updated_at: now })
          )
          .execute()
        return { saved: { toolCallId, draft, updatedAt: now } }
      })
    },

    /** Deletes `writer`'s draft of call `toolCallId` of chat `chatId` while it waits (if they keep one). */
    async deleteDraft(target: Call & { writer: string }): Promise<DraftDelete> {
      const { chatId, toolCallId, writer } = target
      return adapter.transaction(db, async (trx) => {
        const status = await statusOf(trx, { chatId, toolCallId })
        if (status === null) return { refused: 'no-call' as const }
        if (status !== 'pending') return { refused: 'settled' as const }
        await trx
          .deleteFrom('frogbot_call_drafts')
          .where('chat_id', '=', chatId)
          .where('tool_call_id', '=', toolCallId)
          .where('writer', '=', writer)
          .execute()
        return { deleted: true as const }
      })
    }
  }
}
