import { join } from 'node:path'
import { describe } from 'vitest'
import { postgresAdapter, sqliteAdapter, type DatabaseAdapter } from '../../src/index.ts'
import { createTestDatabase, describePostgres } from '../../src/testing/postgres.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

/**
 * The databases a suite runs on, each with its `describe` (PostgreSQL's skips, or fails on CI,
 * when the server is unreachable) and `open()`: a fresh SQLite file in a temporary folder, or a
 * fresh PostgreSQL database; `close()` removes it.
 */
export type TestBackend = {
  name: string
  describe: (name: string, suite: () => void) => unknown
  open: () => Promise<{ adapter: DatabaseAdapter; close: () => Promise<void> }>
}

/** A real SQLite file and a real PostgreSQL database. */
export const BACKENDS: TestBackend[] = [
  {
    name: 'SQLite file',
    describe,
    open: async () => {
      const temp = tempDir()
      return { adapter: sqliteAdapter({ filename: join(temp.dir, 'chats.db') }), close: async () => temp.remove() }
    }
  },
  {
    name: 'PostgreSQL',
    describe: describePostgres,
    open: async () => {
      const database = await createTestDatabase()
      return { adapter: postgresAdapter({ url: database.url }), close: () => database.drop() }
    }
  }
]
