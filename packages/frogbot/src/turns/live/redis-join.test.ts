import { createClient } from '@redis/client'
import type { UIMessageChunk } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import { REDIS_URL, redisReachable } from '../../../test/helpers/redis.ts'
import { type RedisClient, redisConnection } from './redis-connection.ts'
import { entryChunk, followRun, joinRun, readAfter } from './redis-join.ts'
import { activeKey, streamKey } from './redis-record.ts'

// A client joining a run through Redis: reading the run's stream from a cursor, following it to its end, finding the run to join.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const delta = (index: number): UIMessageChunk => ({ type: 'text-delta', id: 't1', delta: `${index} ` })

describe('entryChunk', () => {
  it('reads a chunk from its JSON and tells the end marker', () => {
    expect(entryChunk({ c: JSON.stringify(delta(1)) })).toEqual(delta(1))
    expect(entryChunk({ end: '1' })).toBe('end')
    expect(() => entryChunk({ c: '{"type":' })).toThrow(SyntaxError)
  })
})

describe.skipIf(!redisReachable)('reading a run from Redis', () => {
  async function world() {
    const keyPrefix = `frogbot-test:${process.pid}:${Math.random().toString(36).slice(2)}:`
    const redis = createClient({ url: REDIS_URL })
    await redis.connect()
    const readers: RedisClient[] = []
    cleanups.push(async () => {
      const keys = await redis.keys(`${keyPrefix}*`)
      if (keys.length > 0) await redis.del(keys)
      for (const reader of readers) if (reader.isOpen) reader.destroy()
      redis.destroy()
    })
    const reader = async () => {
      const client = redis.duplicate() as RedisClient
      await client.connect()
      readers.push(client)
      return client
    }
    const stream = streamKey(keyPrefix, 'chat_1', 'run_1')
    const add = (...chunks: (UIMessageChunk | 'end')[]) => Promise.all(chunks.map((chunk) => redis.xAdd(stream, '*', chunk === 'end' ? { end: '1' } : { c: JSON.stringify(chunk) })))
    return { keyPrefix, redis, reader, stream, add }
  }
  const readAll = async (stream: ReadableStream<UIMessageChunk>) => {
    const chunks: UIMessageChunk[] = []
    for await (const chunk of stream as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk)
    return chunks
  }

  it('readAfter gives up to 100 entries after the cursor, and null when none came within blockMs', async () => {
    const { reader, stream, add } = await world()
    const client = await reader()
    const started = Date.now()
    expect(await readAfter(client, stream, '0', 100)).toBeNull()
    expect(Date.now() - started).toBeGreaterThanOrEqual(90)
    const ids = await add(...Array.from({ length: 120 }, (_, index) => delta(index)))
    const first = await readAfter(client, stream, '0', 100)
    expect(first!.map((entry) => entry.id)).toEqual(ids.slice(0, 100))
    const rest = await readAfter(client, stream, first!.at(-1)!.id, 100)
    expect(rest!.map((entry) => entry.id)).toEqual(ids.slice(100))
    expect(await readAfter(client, stream, ids.at(-1)!, 100)).toBeNull()
  })

  it('followRun reads every chunk in order, across reads, to the end marker, and closes its reader', async () => {
    const { reader, stream, add } = await world()
    const client = await reader()
    const chunks = Array.from({ length: 250 }, (_, index) => delta(index))
    await add(...chunks, 'end', delta(999))
    expect(await readAll(followRun(client, { stream, stillListed: async () => true, blockMs: 100 }))).toEqual(chunks)
    expect(client.isOpen).toBe(false)
  })

  it('followRun waits while the run is listed, and ends with what came once it is not (its process died)', async () => {
    const { reader, stream, add } = await world()
    let listed = true
    const followed = readAll(followRun(await reader(), { stream, stillListed: async () => listed, blockMs: 100 }))
    await add(delta(1))
    await new Promise((resolve) => setTimeout(resolve, 300))
    await add(delta(2))
    await new Promise((resolve) => setTimeout(resolve, 300))
    listed = false
    expect(await followed).toEqual([delta(1), delta(2)])
  })

  it('followRun ends where Redis goes away, and a cancel closes its reader', async () => {
    const { reader, stream, add } = await world()
    await add(delta(1))
    const gone = await reader()
    const followed = followRun(gone, { stream, stillListed: async () => true, blockMs: 100 })
    const reading = followed.getReader()
    expect(await reading.read()).toEqual({ done: false, value: delta(1) })
    const next = reading.read()
    gone.destroy()
    expect(await next).toEqual({ done: true, value: undefined })
    const cancelled = await reader()
    await followRun(cancelled, { stream, stillListed: async () => true, blockMs: 100 }).cancel()
    expect(cancelled.isOpen).toBe(false)
  })

  it('joinRun follows the listed run of the chat, and is null for a chat with none or a closed connection', async () => {
    const { keyPrefix, redis, add } = await world()
    const connection = redisConnection({ url: REDIS_URL, connectTimeoutMs: 5000, log: () => {} })
    cleanups.push(() => connection.close())
    expect(await joinRun(connection, { keyPrefix, chatId: 'chat_1', aliveSeconds: 10 })).toBeNull()
    await redis.set(activeKey(keyPrefix, 'chat_1'), 'run_1')
    await add(delta(1), delta(2), 'end')
    expect(await readAll((await joinRun(connection, { keyPrefix, chatId: 'chat_1', aliveSeconds: 10 }))!)).toEqual([delta(1), delta(2)])
    await connection.close()
    expect(await joinRun(connection, { keyPrefix, chatId: 'chat_1', aliveSeconds: 10 })).toBeNull()
  })
})
