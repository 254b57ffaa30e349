import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelState } from '../../src/store/channel-state.ts'
import { migrateToLatest } from '../../src/store/migrate.ts'
import { postgresAdapter } from '../../src/store/postgres-adapter.ts'
import { sqliteAdapter } from '../../src/store/sqlite-adapter.ts'
import type { DatabaseAdapter } from '../../src/store/database-adapter.ts'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'

// Chat SDK's state adapter on FrogBot's own database: the same contract on SQLite and PostgreSQL,
// with a clock the tests move, and state that outlives the connection that wrote it.

function stateContract(open: () => { adapter: DatabaseAdapter }) {
  let adapter: DatabaseAdapter
  let db: Kysely<any>
  let clock = 1_000_000
  const now = () => clock
  const state = (scope = 'slack') => channelState({ db, scope, now })

  beforeAll(async () => {
    adapter = open().adapter
    db = adapter.connect()
    await migrateToLatest(db)
  })
  afterAll(async () => {
    await db?.destroy()
  })

  it('keeps subscriptions per instance, and after the database is opened again', async () => {
    await state().subscribe('slack:C1:1.0')
    await state().subscribe('slack:C1:1.0')
    expect(await state().isSubscribed('slack:C1:1.0')).toBe(true)
    expect(await state('other').isSubscribed('slack:C1:1.0')).toBe(false)
    const again = adapter.connect()
    expect(await channelState({ db: again, scope: 'slack' }).isSubscribed('slack:C1:1.0')).toBe(true)
    await again.destroy()
    await state().unsubscribe('slack:C1:1.0')
    expect(await state().isSubscribed('slack:C1:1.0')).toBe(false)
  })

  it('caches values as JSON until they expire; the first setIfNotExists wins, and an expired key counts as absent', async () => {
    await state().set('user:U1', { name: 'Ada', tags: ['a'] }, 1000)
    expect(await state().get('user:U1')).toEqual({ name: 'Ada', tags: ['a'] })
    expect(await state('other').get('user:U1')).toBeNull()
    clock += 1001
    expect(await state().get('user:U1')).toBeNull()

    const wins = await Promise.all(Array.from({ length: 8 }, (_, index) => state().setIfNotExists('dedupe:slack:1.1', index, 500)))
    expect(wins.filter(Boolean)).toHaveLength(1)
    expect(await state().setIfNotExists('dedupe:slack:1.1', 'late', 500)).toBe(false)
    clock += 501
    expect(await state().setIfNotExists('dedupe:slack:1.1', 'after expiry', 500)).toBe(true)
    expect(await state().get('dedupe:slack:1.1')).toBe('after expiry')

    await state().set('forever', 1)
    expect(await state().setIfNotExists('forever', 2)).toBe(false)
    clock += 10 ** 9
    expect(await state().get('forever')).toBe(1)
    await state().delete('forever')
    expect(await state().get('forever')).toBeNull()
  })

  it('lists the lasting keys of a prefix, taken literally, in pages, for its own scope only', async () => {
    for (const key of ['card:a_1', 'card:a%2', 'card:ab', 'card:a_3', 'CARD:a_4', 'cardx:a_5']) await state().set(key, key)
    await state().set('card:a_6', 'expiring', 1000)
    await state('other').set('card:a_7', 'elsewhere')
    expect(await state().lastingKeys('card:a_')).toEqual(['card:a_1', 'card:a_3'])
    expect(await state().lastingKeys('card:a%')).toEqual(['card:a%2'])
    expect(await state().lastingKeys('card:', { limit: 2 })).toEqual(['card:a%2', 'card:a_1'])
    expect(await state().lastingKeys('card:', { after: 'card:a_1' })).toEqual(['card:a_3', 'card:ab'])
  })

  it('locks a thread for one holder: only its token extends or releases it, and an expired lock can be taken', async () => {
    const first = await state().acquireLock('slack:C1:2.0', 1000)
    expect(first).toMatchObject({ threadId: 'slack:C1:2.0', expiresAt: clock + 1000 })
    expect(await state().acquireLock('slack:C1:2.0', 1000)).toBeNull()
    expect(await state('other').acquireLock('slack:C1:2.0', 1000)).not.toBeNull()

    expect(await state().extendLock({ ...first!, token: 'forged' }, 5000)).toBe(false)
    await state().releaseLock({ ...first!, token: 'forged' })
    expect(await state().acquireLock('slack:C1:2.0', 1000)).toBeNull()
    clock += 900
    expect(await state().extendLock(first!, 1000)).toBe(true)
    clock += 900
    expect(await state().acquireLock('slack:C1:2.0', 1000)).toBeNull()

    clock += 200
    const second = await state().acquireLock('slack:C1:2.0', 1000)
    expect(second?.token).not.toBe(first!.token)
    expect(await state().extendLock(first!, 1000)).toBe(false)
    await state().releaseLock(first!)
    expect(await state().acquireLock('slack:C1:2.0', 1000)).toBeNull()
    await state().releaseLock(second!)
    const third = await state().acquireLock('slack:C1:2.0', 1000)
    expect(third).not.toBeNull()
    await state().forceReleaseLock('slack:C1:2.0')
    expect(await state().acquireLock('slack:C1:2.0', 1000)).not.toBeNull()

    const racers = await Promise.all(Array.from({ length: 6 }, () => state().acquireLock('slack:C1:3.0', 1000)))
    expect(racers.filter(Boolean)).toHaveLength(1)
  })

  it('appends to lists in order, keeps the newest maxLength, and lets a list expire as a whole', async () => {
    for (const value of ['a', 'b', 'c', 'd']) await state().appendToList('participants', value, { maxLength: 3, ttlMs: 1000 })
    expect(await state().getList('participants')).toEqual(['b', 'c', 'd'])
    clock += 600
    await state().appendToList('participants', 'e', { maxLength: 3, ttlMs: 1000 })
    clock += 600
    expect(await state().getList('participants')).toEqual(['c', 'd', 'e'])
    clock += 500
    expect(await state().getList('participants')).toEqual([])
    expect(await state().sweep()).toBeGreaterThan(0)
  })

  it('queues entries per thread, first in first out, drops the oldest past maxSize, and hands each entry to one taker', async () => {
    const entry = (text: string) => ({ enqueuedAt: clock, expiresAt: clock + 90_000, message: { id: text, text } })
    expect(await state().enqueue('slack:C1:4.0', entry('one'), 2)).toBe(1)
    expect(await state().enqueue('slack:C1:4.0', entry('two'), 2)).toBe(2)
    expect(await state().enqueue('slack:C1:4.0', entry('three'), 2)).toBe(2)
    expect(await state().queueDepth('slack:C1:4.0')).toBe(2)
    expect(await state('other').queueDepth('slack:C1:4.0')).toBe(0)
    expect((await state().dequeue('slack:C1:4.0'))?.message).toEqual({ id: 'two', text: 'two' })
    expect((await state().dequeue('slack:C1:4.0'))?.message).toEqual({ id: 'three', text: 'three' })
    expect(await state().dequeue('slack:C1:4.0')).toBeNull()

    for (const text of ['a', 'b', 'c', 'd', 'e']) await state().enqueue('slack:C1:5.0', entry(text), 10)
    const taken = await Promise.all(Array.from({ length: 8 }, () => state().dequeue('slack:C1:5.0')))
    expect(taken.filter(Boolean).map((item) => (item!.message as { id: string }).id).sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
  })
}

describe('channel state on a SQLite file', () => {
  const temp = tempDir()
  afterAll(() => temp.remove())
  stateContract(() => ({ adapter: sqliteAdapter({ filename: join(temp.dir, 'state.db') }) }))
})

describePostgres('channel state on PostgreSQL', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database?.drop()
  })
  stateContract(() => ({ adapter: postgresAdapter({ url: database.url }) }))
})
