import { spawn } from 'node:child_process'
import { createClient } from '@redis/client'
import type { UIMessageChunk } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import { redisLiveStreams } from '../../src/index.ts'
import { REDIS_URL, redisReachable } from '../helpers/redis.ts'
import { NODE } from '../helpers/spawn-serve.ts'

// Reproduced with several `frogbot serve` processes sharing Redis: a killed server's partial
// reply was replayed to joiners forever and its keys never expired; Ctrl-C mid-reply closed the
// client before the stream was written out; a Redis that cannot be reached logged on every chunk.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})
const prefix = () => `frogbot-test:${process.pid}:${Math.random().toString(36).slice(2)}:`

async function readAll(stream: ReadableStream<UIMessageChunk>) {
  const chunks: UIMessageChunk[] = []
  for await (const chunk of stream as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk)
  return chunks
}

async function redisKeys(pattern: string) {
  const client = createClient({ url: REDIS_URL })
  await client.connect()
  try {
    return await client.keys(pattern)
  } finally {
    client.destroy()
  }
}

describe.skipIf(!redisReachable)('live streams through Redis when things go wrong', () => {
  it('a server killed mid-reply: joiners get the partial reply and an end, and its keys expire', async () => {
    const keyPrefix = prefix()
    const child = spawn(NODE, [new URL('./fixtures/record-and-hang.ts', import.meta.url).pathname], {
      env: { ...process.env, REDIS_URL, LIVE_PREFIX: keyPrefix, ALIVE_SECONDS: '1' },
      stdio: ['ignore', 'pipe', 'inherit']
    })
    cleanups.push(() => child.kill('SIGKILL'))
    await new Promise<void>((resolve) => child.stdout!.on('data', (data: Buffer) => data.toString().includes('recorded') && resolve()))
    const live = redisLiveStreams({ url: REDIS_URL, keyPrefix, aliveSeconds: 1 })
    cleanups.push(() => live.close())
    const joined = await live.join('chat_killed')
    expect(joined).not.toBeNull()
    child.kill('SIGKILL')
    const started = Date.now()
    const chunks = await readAll(joined!)
    expect(chunks).toEqual([
      { type: 'start', messageId: 'msg_killed' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Thinking it over' }
    ])
    expect(Date.now() - started).toBeLessThan(5000)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await redisKeys(`${keyPrefix}*`)).toEqual([])
    expect(await live.join('chat_killed')).toBeNull()
  })

  it('close() during a reply writes out what was sent and ends joined streams; later chunks are dropped quietly', async () => {
    const keyPrefix = prefix()
    const logged: string[] = []
    const server = redisLiveStreams({ url: REDIS_URL, keyPrefix, log: (line) => logged.push(line) })
    const other = redisLiveStreams({ url: REDIS_URL, keyPrefix })
    cleanups.push(() => other.close())
    const run = server.record('chat_ctrl_c', 'run_1')
    run.push({ type: 'start', messageId: 'msg_1' })
    run.push({ type: 'text-start', id: 't1' })
    // The run is listed once its first chunks reached Redis (the first connection of a process takes a moment).
    let joined = await other.join('chat_ctrl_c')
    for (let tries = 0; !joined && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      joined = await other.join('chat_ctrl_c')
    }
    expect(joined).not.toBeNull()
    run.push({ type: 'text-delta', id: 't1', delta: 'Half a thought' })
    await server.close() // Ctrl-C while the turn still runs
    run.push({ type: 'text-delta', id: 't1', delta: ' and the rest' })
    await run.end()
    expect(await readAll(joined!)).toEqual([
      { type: 'start', messageId: 'msg_1' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Half a thought' }
    ])
    expect(logged).toEqual([])
    expect(await other.join('chat_ctrl_c')).toBeNull()
  })

  it('a Redis that cannot be reached fails check() naming REDIS_URL, and a run logs once, not on every chunk', async () => {
    const logged: string[] = []
    const live = redisLiveStreams({ url: 'redis://127.0.0.1:1', connectTimeoutMs: 300, log: (line) => logged.push(line) })
    await expect(live.check!()).rejects.toThrow(/^REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/)
    for (let turn = 0; turn < 3; turn++) {
      const run = live.record(`chat_${turn}`, `run_${turn}`)
      for (let i = 0; i < 200; i++) run.push({ type: 'text-delta', id: 't1', delta: `${i}` })
      await run.end()
    }
    expect(await live.join('chat_0')).toBeNull()
    await live.close()
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/^frogbot: live streams through Redis at redis:\/\/127\.0\.0\.1:1 failed \(chunks are dropped until it is back; chats are not affected\)/)
  })
})
