import { expect, it } from 'vitest'
import { migrateToLatest } from '../../src/store/migrate.ts'
import * as assignees from '../../src/store/migrations/008-assignees.ts'
import { BACKENDS } from '../helpers/databases.ts'

// `008-assignees` came after `009-scale`: a database already at 009 applies it on the next start,
// and a second start finds the schema current.
for (const backend of BACKENDS) {
  backend.describe(`migration 008-assignees: ${backend.name}`, () => {
    it('a database migrated before 008 existed applies it next, once', async () => {
      const { adapter, close } = await backend.open()
      const db = await adapter.connect()
      try {
        await migrateToLatest(db)
        // Back to a database of before: 001–007 and 009 applied, 008 never seen.
        await assignees.down(db)
        await db.deleteFrom('frogbot_migrations' as never).where('name' as never, '=', '008-assignees' as never).execute()
        expect(await migrateToLatest(db)).toEqual(['008-assignees'])
        expect(await migrateToLatest(db)).toEqual([])
        await db.selectFrom('frogbot_call_assignees').select('assignee').execute()
        await db.selectFrom('frogbot_pending_calls').select('assignees').execute()
      } finally {
        await db.destroy()
        await close()
      }
    })
  })
}
