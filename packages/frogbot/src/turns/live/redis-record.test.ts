import { createClient } from '@redis/client'
import { afterEach, describe, expect, it } from 'vitest'
import { REDIS_URL, redisReachable } from '../../../test/helpers/redis.ts'
import { redisConnection } from './redis-connection.ts'
import { activeKey, recordRun, streamKey } from './redis-record.ts'

// One run recorded into Redis: what its keys hold and how long they live, while it runs, after it ends and after a lost chunk.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

describe('activeKey and streamKey', () => {
  it('put the chat as a cluster hash tag, then the run, after the prefix', () => {
    expect(activeKey('frogbot:live:', 'chat_1')).toBe('frogbot:live:{chat_1}:active')
    expect(streamKey('frogbot:live:', 'chat_1', 'run_1')).toBe('frogbot:live:{chat_1}:run_1')
  })
})

describe.skipIf(!redisReachable)('recordRun', () => {
  async function world() {
    const keyPrefix = `frogbot-test:${process.pid}:${Math.random().toString(36).slice(2)}:`
    const lines: string[] = []
    const connection = redisConnection({ url: REDIS_URL, connectTimeoutMs: 5000, log: (line) => lines.push(line) })
    const redis = createClient({ url: REDIS_URL })
    await redis.connect()
    cleanups.push(async () => {
      const keys = await redis.keys(`${keyPrefix}*`)
      if (keys.length > 0) await redis.del(keys)
      redis.destroy()
      await connection.close()
    })
    // A command on the recorder's own connection: once it is answered, every write sent before it was.
    const settled = () => connection.send((client) => client.ping())
    const keys = (runId: string) => ({ active: activeKey(keyPrefix, 'chat_1'), stream: streamKey(keyPrefix, 'chat_1', runId) })
    const entries = async (stream: string) => ((await redis.xRange(stream, '-', '+')) ?? []).map((entry) => ({ ...entry.message }))
    return { connection, redis, lines, settled, keys, entries }
  }

  it('lists the run, adds each chunk, and on end unlists it, adds the end marker and keeps the stream ttlSeconds', async () => {
    const { connection, redis, lines, settled, keys, entries } = await world()
    const { active, stream } = keys('run_1')
    let ended = 0
    const recorder = recordRun(connection, { keys: { active, stream }, runId: 'run_1', lifetimes: { aliveSeconds: 10, ttlSeconds: 60 }, onEnd: () => ended++ })
    recorder.push({ type: 'start', messageId: 'msg_1' })
    recorder.push({ type: 'text-delta', id: 't1', delta: 'Blue' })
    await settled()
    expect(await redis.get(active)).toBe('run_1')
    expect(await redis.ttl(active)).toBeGreaterThan(8)
    expect(await redis.ttl(stream)).toBeLessThanOrEqual(10)
    expect(await entries(stream)).toEqual([{ c: JSON.stringify({ type: 'start', messageId: 'msg_1' }) }, { c: JSON.stringify({ type: 'text-delta', id: 't1', delta: 'Blue' }) }])
    await recorder.end()
    await recorder.end()
    recorder.push({ type: 'text-delta', id: 't1', delta: ' after the end' })
    await settled()
    expect(ended).toBe(1)
    expect(await redis.get(active)).toBeNull()
    expect(await entries(stream)).toHaveLength(3)
    expect((await entries(stream))[2]).toEqual({ end: '1' })
    expect(await redis.ttl(stream)).toBeGreaterThan(50)
    expect(lines).toEqual([])
  })

  it('keeps a run listed past aliveSeconds while its process renews it', async () => {
    const { connection, redis, settled, keys } = await world()
    const { active, stream } = keys('run_1')
    const recorder = recordRun(connection, { keys: { active, stream }, runId: 'run_1', lifetimes: { aliveSeconds: 1, ttlSeconds: 60 }, onEnd: () => {} })
    cleanups.push(() => recorder.end())
    recorder.push({ type: 'start', messageId: 'msg_1' })
    await settled()
    await new Promise((resolve) => setTimeout(resolve, 1800))
    expect(await redis.get(active)).toBe('run_1')
    expect(await redis.exists(stream)).toBe(1)
    expect(await redis.pTTL(stream)).toBeLessThanOrEqual(1000)
  })

  it('the end of an older run leaves the newer run of the chat listed', async () => {
    const { connection, redis, settled, keys } = await world()
    const older = recordRun(connection, { keys: keys('run_1'), runId: 'run_1', lifetimes: { aliveSeconds: 10, ttlSeconds: 60 }, onEnd: () => {} })
    const newer = recordRun(connection, { keys: keys('run_2'), runId: 'run_2', lifetimes: { aliveSeconds: 10, ttlSeconds: 60 }, onEnd: () => {} })
    cleanups.push(() => newer.end())
    older.push({ type: 'start', messageId: 'msg_1' })
    await older.end()
    await settled()
    expect(await redis.get(keys('run_2').active)).toBe('run_2')
  })

  it('a run that lost a chunk is unlisted and writes nothing more, not even its end marker', async () => {
    const { connection, redis, lines, settled, keys, entries } = await world()
    const { active, stream } = keys('run_1')
    const recorder = recordRun(connection, { keys: { active, stream }, runId: 'run_1', lifetimes: { aliveSeconds: 10, ttlSeconds: 60 }, onEnd: () => {} })
    recorder.push({ type: 'start', messageId: 'msg_1' })
    await settled()
    // The next chunk's write fails: the key is no longer a stream.
    await redis.del(stream)
    await redis.set(stream, 'not a stream')
    recorder.push({ type: 'text-delta', id: 't1', delta: 'lost' })
    await settled()
    await settled()
    expect(await redis.get(active)).toBeNull()
    await redis.del(stream)
    recorder.push({ type: 'text-delta', id: 't1', delta: 'after the hole' })
    await recorder.end()
    await settled()
    expect(await entries(stream)).toEqual([])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/WRONGTYPE/)
  })
})
