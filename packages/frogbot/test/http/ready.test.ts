import { afterEach, describe, expect, it } from 'vitest'
import { redisLiveStreams } from '../../src/index.ts'
import { storeOf } from '../../src/frogbot-internals.ts'
import { scripted, streamingModel, textStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { REDIS_URL, redisReachable } from '../helpers/redis.ts'

// GET /api/ready (database and Redis answer) beside GET /api/health (the process answers), as a
// load balancer or an orchestrator probes them, without a token.

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

async function probe(options: { liveStreams?: ReturnType<typeof redisLiveStreams> } = {}) {
  const lines: string[] = []
  const app = await testFrogbot({ model: streamingModel([scripted(textStep('Hello.'))]), options: { log: (line) => lines.push(line) }, config: options.liveStreams ? { liveStreams: options.liveStreams } : {} })
  cleanups.push(app.close)
  const get = async (path: string) => {
    const response = await app.frogbot.fetch(new Request(`http://localhost${path}`))
    return { status: response.status, json: await response.json() }
  }
  return { app, lines, get }
}

describe('GET /api/ready', () => {
  it('200 when the database answers; live streams in this process have nothing to reach', async () => {
    const { get } = await probe()
    expect(await get('/api/ready')).toEqual({ status: 200, json: { ok: true, checks: { database: 'ok', liveStreams: 'local' } } })
  })

  it.skipIf(!redisReachable)('200 with Redis live streams that answer', async () => {
    const { get } = await probe({ liveStreams: redisLiveStreams({ url: REDIS_URL }) })
    expect(await get('/api/ready')).toEqual({ status: 200, json: { ok: true, checks: { database: 'ok', liveStreams: 'ok' } } })
  })

  it('503 naming the live streams when their Redis does not answer; the reason goes to the log, not to the caller', async () => {
    const { get, lines } = await probe({ liveStreams: redisLiveStreams({ url: 'redis://127.0.0.1:1', connectTimeoutMs: 200, log: () => {} }) })
    const ready = await get('/api/ready')
    expect(ready).toEqual({ status: 503, json: { ok: false, checks: { database: 'ok', liveStreams: 'failing' } } })
    expect(JSON.stringify(ready.json)).not.toContain('127.0.0.1')
    expect(lines.some((line) => line.startsWith('frogbot: readiness: the live streams (Redis) failed'))).toBe(true)
  })

  it('503 naming the database when it does not answer, while /api/health, which reaches nothing, stays 200', async () => {
    const { app, get } = await probe()
    await storeOf(app.frogbot).db.destroy()
    expect(await get('/api/ready')).toEqual({ status: 503, json: { ok: false, checks: { database: 'failing', liveStreams: 'local' } } })
    expect(await get('/api/health')).toEqual({ status: 200, json: { ok: true } })
  })
})
