import type { Kysely } from 'kysely'

/**
 * What a pending call waits for (docs/agents/approvals.md): `kind` is the client tool's
 * `client.kind`, or `approval` for a server tool waiting for a person's yes or no; an approval that
 * needs several people keeps its `quorum` (how many distinct approvals settle it) and the `votes`
 * so far (JSON `ApprovalVote[]`). Calls stored before this migration take their tool's name as
 * their kind (the only kind FrogBot's own tools had besides their names was `pick-file`'s).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('frogbot_pending_calls').addColumn('kind', 'text', (column) => column.notNull().defaultTo('')).execute()
  await db.updateTable('frogbot_pending_calls').set((eb) => ({ kind: eb.ref('tool_name') })).execute()
  await db.schema.alterTable('frogbot_pending_calls').addColumn('quorum', 'integer').execute()
  await db.schema.alterTable('frogbot_pending_calls').addColumn('votes', 'text', (column) => column.notNull().defaultTo('[]')).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['votes', 'quorum', 'kind']) await db.schema.alterTable('frogbot_pending_calls').dropColumn(column).execute()
}
