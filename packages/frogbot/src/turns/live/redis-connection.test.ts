import { createClient } from '@redis/client'
import { afterEach, describe, expect, it } from 'vitest'
import { REDIS_URL, redisReachable } from '../../../test/helpers/redis.ts'
import { describeUrl, outageLog, redisConnection } from './redis-connection.ts'

// The connection under the Redis live streams: what it logs, and how it sends commands before, during and after an outage.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

describe('describeUrl', () => {
  it('names the server without its user name and password', () => {
    expect(describeUrl('redis://ada:s3cret@cache.internal:6380/2')).toBe('redis://cache.internal:6380/2')
    expect(describeUrl('rediss://:s3cret@cache.internal')).toBe('rediss://cache.internal')
    expect(describeUrl('redis://127.0.0.1:6379/')).toBe('redis://127.0.0.1:6379')
    expect(describeUrl('127.0.0.1 :6379')).toBe('(not a URL)')
  })
})

describe('outageLog', () => {
  it('logs once per outage, says when it works again, and nothing once quiet', () => {
    const lines: string[] = []
    const outage = outageLog('redis://cache:6379', (line) => lines.push(line))
    outage.recovered()
    outage.failed(new Error('ECONNREFUSED'))
    outage.failed(new Error('ECONNREFUSED'))
    outage.failed('socket closed')
    expect(lines).toEqual(['frogbot: live streams through Redis at redis://cache:6379 failed (chunks are dropped until it is back; chats are not affected): ECONNREFUSED'])
    outage.recovered()
    outage.failed('socket closed')
    expect(lines.slice(1)).toEqual([
      'frogbot: live streams through Redis at redis://cache:6379 work again',
      'frogbot: live streams through Redis at redis://cache:6379 failed (chunks are dropped until it is back; chats are not affected): socket closed'
    ])
    outage.recovered()
    outage.quiet()
    outage.failed(new Error('ECONNRESET'))
    expect(lines).toHaveLength(4)
  })
})

describe.skipIf(!redisReachable)('redisConnection', () => {
  const key = () => `frogbot-test:${process.pid}:${Math.random().toString(36).slice(2)}:list`
  const probe = async () => {
    const client = createClient({ url: REDIS_URL })
    await client.connect()
    cleanups.push(() => client.destroy())
    return client
  }

  it('commands sent before the first connection wait for it and run in the order they were sent', async () => {
    const list = key()
    const lines: string[] = []
    const connection = redisConnection({ url: REDIS_URL, connectTimeoutMs: 5000, log: (line) => lines.push(line) })
    cleanups.push(() => connection.close())
    expect(connection.ready()).toBeNull()
    const sent = ['a', 'b', 'c'].map((item) => connection.send((client) => client.rPush(list, item)))
    expect(await Promise.all(sent)).toEqual([true, true, true])
    const client = await probe()
    expect(await client.lRange(list, 0, -1)).toEqual(['a', 'b', 'c'])
    expect(connection.ready()).not.toBeNull()
    expect(lines).toEqual([])
    await client.del(list)
  })

  it('a command that fails resolves false and is logged once per outage', async () => {
    const lines: string[] = []
    const connection = redisConnection({ url: REDIS_URL, connectTimeoutMs: 5000, log: (line) => lines.push(line) })
    cleanups.push(() => connection.close())
    const failing = () => connection.send((client) => client.sendCommand(['NO-SUCH-COMMAND']))
    expect(await failing()).toBe(false)
    expect(await failing()).toBe(false)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^frogbot: live streams through Redis at redis:\/\/127\.0\.0\.1:6379 failed .*: ERR unknown command/)
  })

  it('close() waits for the commands sent; after it, commands resolve false without being sent or logged', async () => {
    const list = key()
    const lines: string[] = []
    const connection = redisConnection({ url: REDIS_URL, connectTimeoutMs: 5000, log: (line) => lines.push(line) })
    await connection.firstConnection
    const slow = connection.send(async (client) => {
      await new Promise((resolve) => setTimeout(resolve, 200))
      await client.rPush(list, 'written before closing')
    })
    await connection.close()
    expect(connection.closed).toBe(true)
    expect(await slow).toBe(true)
    expect(connection.ready()).toBeNull()
    expect(await connection.send((client) => client.rPush(list, 'too late'))).toBe(false)
    const client = await probe()
    expect(await client.lRange(list, 0, -1)).toEqual(['written before closing'])
    expect(lines).toEqual([])
    await client.del(list)
  })

  it('a Redis that cannot be reached: the first connection gives up after connectTimeoutMs and commands resolve false', async () => {
    const lines: string[] = []
    const connection = redisConnection({ url: 'redis://127.0.0.1:1', connectTimeoutMs: 300, log: (line) => lines.push(line) })
    cleanups.push(() => connection.close())
    const started = Date.now()
    await connection.firstConnection
    expect(Date.now() - started).toBeLessThan(2000)
    expect(connection.ready()).toBeNull()
    expect(await connection.send((client) => client.ping())).toBe(false)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^frogbot: live streams through Redis at redis:\/\/127\.0\.0\.1:1 failed/)
  })
})
