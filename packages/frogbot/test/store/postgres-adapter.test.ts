import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { postgresAdapter } from '../../src/index.ts'
import { loadConfig } from '../../src/cli/load-config.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'

const CLUSTER_CONFIG = fileURLToPath(new URL('../cluster/fixtures/cluster.config.ts', import.meta.url))

describe('postgresAdapter options', () => {
  const saved = process.env.DATABASE_URL
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_URL
    else process.env.DATABASE_URL = saved
  })

  it('needs a url, DATABASE_URL or a pool, and says so naming DATABASE_URL', () => {
    delete process.env.DATABASE_URL
    expect(() => postgresAdapter()).toThrow(/DATABASE_URL/)
    expect(() => postgresAdapter({})).toThrow(/set DATABASE_URL \(postgres:\/\/user:password@host:5432\/database\) or pass \{ url \} or \{ pool \}/)
  })

  it('reads DATABASE_URL by default and never describes the password or query parameters', () => {
    process.env.DATABASE_URL = 'postgres://ada:s3cr%40t@db.example:6543/frogbot?sslmode=require&password=hunter2'
    const adapter = postgresAdapter()
    expect(adapter.kind).toBe('postgres')
    expect(adapter.describe()).toBe('PostgreSQL db.example:6543/frogbot (user ada)')
    expect(postgresAdapter({ url: 'postgres://db.example/frogbot' }).describe()).toBe('PostgreSQL db.example/frogbot')
    expect(postgresAdapter({ pool: { host: 'db.example', database: 'chats', user: 'ada', password: 's3cret' } }).describe()).toBe(
      'PostgreSQL db.example:5432/chats (user ada)'
    )
    expect(postgresAdapter().describe()).not.toMatch(/s3cr|hunter2|password/)
    expect(() => postgresAdapter({ url: 'not a url with s3cret' })).toThrow(/^(?!.*s3cret).*must look like postgres:/)
  })

  it('the CLI uses DATABASE_URL when the config has no db', async () => {
    const withUrl = await loadConfig(CLUSTER_CONFIG, { DATABASE_URL: 'postgres://ada:s3cret@db.example:5432/frogbot' })
    expect(withUrl.db?.kind).toBe('postgres')
    expect(withUrl.db?.describe()).toBe('PostgreSQL db.example:5432/frogbot (user ada)')
    expect((await loadConfig(CLUSTER_CONFIG, {})).db).toBeUndefined()
  })
})

describePostgres('postgresAdapter on a server', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('borrows a pg.Pool it is given and never ends it', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 })
    try {
      const adapter = postgresAdapter({ pool })
      expect(adapter.describe()).toBe('PostgreSQL through the given pg.Pool')
      const db = adapter.connect()
      await migrateToLatest(db)
      expect(await adapter.transaction(db, async (trx) => (await sql<{ n: number }>`select 1 as n`.execute(trx)).rows)).toEqual([{ n: 1 }])
      await db.destroy()
      expect((await pool.query('select count(*)::int as n from frogbot_chats')).rows).toEqual([{ n: 0 }])
    } finally {
      await pool.end()
    }
  })

  it('rolls a failed transaction back', async () => {
    const adapter = postgresAdapter({ url: database.url })
    const db = adapter.connect()
    try {
      await migrateToLatest(db)
      const now = new Date().toISOString()
      const row = { id: 'chat_rollback_test_01', agent_slug: 'planner', owner_id: null, title: null, state: 'idle' as const, channel: null, lease_owner: null, lease_until: null, stop_requested_at: null, version: 0, created_at: now, updated_at: now }
      await expect(
        adapter.transaction(db, async (trx) => {
          await trx.insertInto('frogbot_chats').values(row).execute()
          throw new Error('boom')
        })
      ).rejects.toThrow('boom')
      expect(await db.selectFrom('frogbot_chats').select('id').where('id', '=', row.id).execute()).toEqual([])
    } finally {
      await db.destroy()
    }
  })
})
