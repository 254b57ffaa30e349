import { join } from 'node:path'
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresAdapter, sqliteAdapter, type DatabaseAdapter } from '../../src/index.ts'
import type { Database } from '../../src/store/database-schema.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import { precompiled, preparedName } from '../../src/store/precompiled.ts'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

// A query compiled once per shape must run with each call's values, on either database: a wrong
// value in a reused compiled query would read or write someone else's row.

const user = (id: string, email: string) => ({ id, email, name: null, password_hash: null, created_at: '2026-01-01T00:00:00.000Z' })
const insertUser = precompiled((db, row: ReturnType<typeof user>) => db.insertInto('frogbot_users').values(row))
const usersIn = precompiled((db, ids: string[]) => db.selectFrom('frogbot_users').select(['id', 'email']).where('id', 'in', ids).orderBy('id'))
const rename = precompiled((db, id: string, name: string | null) => db.updateTable('frogbot_users').set({ name }).where('id', '=', id))

function contract(open: () => Promise<{ db: Kysely<Database>; close: () => Promise<void> }>) {
  let db: Kysely<Database>
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await open())
    for (const [id, email] of [['u1', 'ada@example.com'], ['u2', 'bo@example.com'], ['u3', 'cy@example.com']]) await insertUser(db, user(id, email))
  })
  afterAll(() => close())

  it('runs one compiled shape with each call’s values, lists of any length apart', async () => {
    expect((await usersIn(db, ['u2'])).rows).toEqual([{ id: 'u2', email: 'bo@example.com' }])
    expect((await usersIn(db, ['u3'])).rows).toEqual([{ id: 'u3', email: 'cy@example.com' }])
    expect((await usersIn(db, ['u1', 'u3'])).rows.map((row) => row.id)).toEqual(['u1', 'u3'])
    expect((await usersIn(db, ['u2', 'u1', 'nobody'])).rows.map((row) => row.id)).toEqual(['u1', 'u2'])
  })

  it('writes null and text values through the same statement, reporting rows changed', async () => {
    expect(Number((await rename(db, 'u1', 'Ada')).numAffectedRows)).toBe(1)
    expect(Number((await rename(db, 'u2', null)).numAffectedRows)).toBe(1)
    expect(Number((await rename(db, 'nobody', 'X')).numAffectedRows)).toBe(0)
    const rows = await db.selectFrom('frogbot_users').select(['id', 'name']).orderBy('id').execute()
    expect(rows).toEqual([
      { id: 'u1', name: 'Ada' },
      { id: 'u2', name: null },
      { id: 'u3', name: null }
    ])
  })

  it('refuses a build that does not hand its values to the query unchanged', async () => {
    const stringified = precompiled((db, parts: { a: string }) => db.updateTable('frogbot_users').set({ name: JSON.stringify(parts) }).where('id', '=', 'u1'))
    await expect(stringified(db, { a: 'x' })).rejects.toThrow(/turned into JSON/)
    const dropped = precompiled((db, _id: string) => db.selectFrom('frogbot_users').select('id').where('id', '=', 'u1'))
    await expect(dropped(db, 'u2')).rejects.toThrow(/value at 0 did not reach the query/)
  })
}

describe('precompiled queries on a SQLite file', () => {
  contract(async () => {
    const temp = tempDir()
    const db = sqliteAdapter({ filename: join(temp.dir, 'precompiled.db') }).connect()
    await migrateToLatest(db)
    return { db, close: async () => (await db.destroy(), temp.remove()) }
  })
})

describePostgres('precompiled queries on PostgreSQL', () => {
  let database: TestDatabase
  const opened: Kysely<Database>[] = []
  const connect = async (adapter: DatabaseAdapter) => {
    const db = adapter.connect()
    opened.push(db)
    await migrateToLatest(db)
    return db
  }
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.destroy()))
    await database.drop()
  })

  contract(async () => ({ db: await connect(postgresAdapter({ url: database.url })), close: async () => {} }))

  it('keeps precompiled queries prepared on the connection, by name, unless told not to', async () => {
    const prepared = async (db: Kysely<Database>) => {
      await usersIn(db, ['u1'])
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db)
      return rows.map((row) => row.name)
    }
    const db = await connect(postgresAdapter({ url: database.url, pool: { max: 1 } }))
    const name = preparedName(db.selectFrom('frogbot_users').select(['id', 'email']).where('id', 'in', ['u1']).orderBy('id').compile().sql)
    expect(name).toMatch(/^frogbot_q\d+$/)
    expect(await prepared(db)).toContain(name)
    expect(await prepared(await connect(postgresAdapter({ url: database.url, pool: { max: 1 }, preparedStatements: false })))).toEqual([])
  })
})
