import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { ChannelQueueEntry, ChannelState } from '../contract/channel-state.ts'

/** How often expired rows are swept, at most, as a side effect of writes. */
const SWEEP_EVERY_MS = 10 * 60_000

const affected = (result: { numInsertedOrUpdatedRows?: bigint; numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numInsertedOrUpdatedRows ?? result.numUpdatedRows ?? result.numDeletedRows ?? 0n)

/**
 * A channel piece's {@link ChannelState} (subscriptions, locks, dedupe keys, caches, lists,
 * queues) in FrogBot's own database, SQLite or PostgreSQL, in the tables of migration
 * `005-channel-state`, so that a restart loses nothing. `scope` keeps one instance's state apart
 * from every other's (the instance name). `db` is FrogBot's; `disconnect()` leaves it open, since
 * FrogBot owns it. `now` is injectable for tests (ms since the epoch).
 *
 * Atomic where Chat SDK needs it: `setIfNotExists` and `acquireLock` are one conditional upsert
 * (the first writer wins, an expired entry counts as absent), `extendLock` and `releaseLock` act
 * only with the lock's token, and `dequeue` hands each entry to one caller. Values are stored as
 * JSON, so a value comes back as plain data (Chat SDK revives its own messages).
 */
export function channelState<TMessage = unknown>({ db, scope, now = Date.now }: { db: Kysely<any>; scope: string; now?: () => number }): ChannelState<TMessage> {
  let lastSweep = 0
  const expiry = (ttlMs?: number) => (ttlMs !== undefined && ttlMs > 0 ? now() + ttlMs : null)
  const live = (table: 'frogbot_channel_cache' | 'frogbot_channel_lists') =>
    db
      .selectFrom(table)
      .where('scope', '=', scope)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now())]))

  const sweep = async () => {
    lastSweep = now()
    let removed = 0
    for (const table of ['frogbot_channel_cache', 'frogbot_channel_lists', 'frogbot_channel_locks'] as const) {
      removed += affected(await db.deleteFrom(table).where('scope', '=', scope).where('expires_at', '<=', now()).executeTakeFirst())
    }
    return removed
  }
  const sweepNowAndThen = () => {
    if (now() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = now()
    void sweep().catch(() => {})
  }

  const set = async (key: string, value: unknown, ttlMs?: number) => {
    const row = { scope, key, value: JSON.stringify(value ?? null), expires_at: expiry(ttlMs) }
    await db
      .insertInto('frogbot_channel_cache')
      .values(row)
      .onConflict((conflict) => conflict.columns(['scope', 'key']).doUpdateSet({ value: row.value, expires_at: row.expires_at }))
      .execute()
    sweepNowAndThen()
  }

  return {
    connect: async () => {
      await sweep()
    },
    disconnect: async () => {},
    sweep,

    subscribe: async (threadId) => {
      await db.insertInto('frogbot_channel_subscriptions').values({ scope, thread_id: threadId, created_at: now() }).onConflict((conflict) => conflict.doNothing()).execute()
    },
    unsubscribe: async (threadId) => {
      await db.deleteFrom('frogbot_channel_subscriptions').where('scope', '=', scope).where('thread_id', '=', threadId).execute()
    },
    isSubscribed: async (threadId) =>
      (await db.selectFrom('frogbot_channel_subscriptions').select('thread_id').where('scope', '=', scope).where('thread_id', '=', threadId).executeTakeFirst()) !== undefined,

    acquireLock: async (threadId, ttlMs) => {
      const lock = { threadId, token: randomBytes(16).toString('hex'), expiresAt: now() + ttlMs }
      const result = await db
        .insertInto('frogbot_channel_locks')
        .values({ scope, thread_id: threadId, token: lock.token, expires_at: lock.expiresAt })
        .onConflict((conflict) =>
          conflict
            .columns(['scope', 'thread_id'])
            .doUpdateSet({ token: lock.token, expires_at: lock.expiresAt })
            .where('frogbot_channel_locks.expires_at', '<=', now())
        )
        .executeTakeFirst()
      return affected(result) > 0 ? lock : null
    },
    extendLock: async (lock, ttlMs) => {
      const expiresAt = now() + ttlMs
      const result = await db
        .updateTable('frogbot_channel_locks')
        .set({ expires_at: expiresAt })
        .where('scope', '=', scope)
        .where('thread_id', '=', lock.threadId)
        .where('token', '=', lock.token)
        .where('expires_at', '>', now())
        .executeTakeFirst()
      if (affected(result) === 0) return false
      lock.expiresAt = expiresAt
      return true
    },
    releaseLock: async (lock) => {
      await db.deleteFrom('frogbot_channel_locks').where('scope', '=', scope).where('thread_id', '=', lock.threadId).where('token', '=', lock.token).execute()
    },
    forceReleaseLock: async (threadId) => {
      await db.deleteFrom('frogbot_channel_locks').where('scope', '=', scope).where('thread_id', '=', threadId).execute()
    },

    get: async <T>(key: string) => {
      const row = await live('frogbot_channel_cache').select('value').where('key', '=', key).executeTakeFirst()
      return row ? (JSON.parse(row.value) as T) : null
    },
    set,
    setIfNotExists: async (key, value, ttlMs) => {
      const row = { scope, key, value: JSON.stringify(value ?? null), expires_at: expiry(ttlMs) }
      const result = await db
        .insertInto('frogbot_channel_cache')
        .values(row)
        .onConflict((conflict) =>
          conflict
            .columns(['scope', 'key'])
            .doUpdateSet({ value: row.value, expires_at: row.expires_at })
            .where('frogbot_channel_cache.expires_at', 'is not', null)
            .where('frogbot_channel_cache.expires_at', '<=', now())
        )
        .executeTakeFirst()
      return affected(result) > 0
    },
    lastingKeys: async (prefix, { after, limit = 1000 } = {}) => {
      let query = db
        .selectFrom('frogbot_channel_cache')
        .select('key')
        .where('scope', '=', scope)
        .where('expires_at', 'is', null)
        // Compared exactly: SQLite's LIKE ignores case, and ranges of keys would follow PostgreSQL's collation.
        .where(sql<boolean>`substr(key, 1, ${prefix.length}) = ${prefix}`)
      if (after !== undefined) query = query.where('key', '>', after)
      const rows = await query.orderBy('key').limit(limit).execute()
      return rows.map((row) => row.key as string)
    },
    delete: async (key) => {
      await db.deleteFrom('frogbot_channel_cache').where('scope', '=', scope).where('key', '=', key).execute()
    },

    appendToList: async (key, value, { maxLength, ttlMs } = {}) => {
      const expiresAt = expiry(ttlMs)
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('frogbot_channel_lists').values({ scope, key, value: JSON.stringify(value ?? null), expires_at: expiresAt }).execute()
        // Appending refreshes the whole list's expiry, as Chat SDK's own adapters do.
        await trx.updateTable('frogbot_channel_lists').set({ expires_at: expiresAt }).where('scope', '=', scope).where('key', '=', key).execute()
        if (maxLength !== undefined && maxLength > 0) {
          const newest = trx.selectFrom('frogbot_channel_lists').select('id').where('scope', '=', scope).where('key', '=', key).orderBy('id', 'desc').limit(maxLength)
          await trx.deleteFrom('frogbot_channel_lists').where('scope', '=', scope).where('key', '=', key).where('id', 'not in', newest).execute()
        }
      })
    },
    getList: async <T>(key: string) => {
      const rows = await live('frogbot_channel_lists').select('value').where('key', '=', key).orderBy('id').execute()
      return rows.map((row) => JSON.parse(row.value) as T)
    },

    enqueue: async (threadId, entry, maxSize) => {
      return db.transaction().execute(async (trx) => {
        await trx.insertInto('frogbot_channel_queues').values({ scope, thread_id: threadId, value: JSON.stringify(entry) }).execute()
        if (maxSize > 0) {
          const newest = trx.selectFrom('frogbot_channel_queues').select('id').where('scope', '=', scope).where('thread_id', '=', threadId).orderBy('id', 'desc').limit(maxSize)
          await trx.deleteFrom('frogbot_channel_queues').where('scope', '=', scope).where('thread_id', '=', threadId).where('id', 'not in', newest).execute()
        }
        const { depth } = await trx.selectFrom('frogbot_channel_queues').select((eb) => eb.fn.countAll().as('depth')).where('scope', '=', scope).where('thread_id', '=', threadId).executeTakeFirstOrThrow()
        return Number(depth)
      })
    },
    dequeue: async (threadId) => {
      for (;;) {
        const oldest = await db.selectFrom('frogbot_channel_queues').select(['id', 'value']).where('scope', '=', scope).where('thread_id', '=', threadId).orderBy('id').limit(1).executeTakeFirst()
        if (!oldest) return null
        // Another process may take the same entry: only the one whose delete removed it returns it.
        if (affected(await db.deleteFrom('frogbot_channel_queues').where('id', '=', oldest.id).executeTakeFirst()) > 0) {
          return JSON.parse(oldest.value) as ChannelQueueEntry<TMessage>
        }
      }
    },
    queueDepth: async (threadId) => {
      const { depth } = await db.selectFrom('frogbot_channel_queues').select((eb) => eb.fn.countAll().as('depth')).where('scope', '=', scope).where('thread_id', '=', threadId).executeTakeFirstOrThrow()
      return Number(depth)
    }
  }
}
