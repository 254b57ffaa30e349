import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { redisLiveStreams } from '../../src/index.ts'
import { colorQuestion, heldStep, scripted, streamingModel, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { decodeChunks } from '../helpers/ui-stream.ts'
import { internalsOf } from '../../src/frogbot-internals.ts'
import { REDIS_URL, redisReachable as reachable } from '../helpers/redis.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

describe.skipIf(!reachable)('live streams through Redis', () => {
  it('a client of another process joins a streaming continuation from its start', async () => {
    const temp = tempDir()
    cleanups.push(temp.remove)
    const filename = join(temp.dir, 'frogbot.db')
    const keyPrefix = `frogbot-test:${process.pid}:${Date.now()}:`
    const held = heldStep('Blue, because it calms.')
    const one = await testFrogbot({
      filename,
      model: streamingModel([scripted(toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])), held.stream]),
      agents: undefined,
      options: {}
    })
    cleanups.push(one.close)
    // Same database, a second "process" with its own Redis connection.
    const two = await testFrogbot({ filename, model: streamingModel([]) })
    cleanups.push(two.close)
    const liveOne = redisLiveStreams({ url: REDIS_URL, keyPrefix })
    const liveTwo = redisLiveStreams({ url: REDIS_URL, keyPrefix })
    cleanups.push(() => liveOne.close(), () => liveTwo.close())
    internalsOf(one.frogbot).engine.services.live = liveOne
    internalsOf(two.frogbot).engine.services.live = liveTwo

    const first = await one.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
    const chatId = first.json.chatId
    const headers = { authorization: `Bearer ${one.token}`, 'content-type': 'application/json' }
    const tabOne = one.frogbot.fetch(
      new Request(`http://localhost/api/agents/planner/chats/${chatId}/settle`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream' },
        body: JSON.stringify({ toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } })
      })
    )
    await held.started
    await new Promise((resolve) => setTimeout(resolve, 100))
    const tabTwo = await two.frogbot.fetch(new Request(`http://localhost/api/agents/planner/${chatId}/stream`, { headers: { authorization: `Bearer ${one.token}` } }))
    expect(tabTwo.status).toBe(200)
    held.release()
    const [chunksOne, chunksTwo] = await Promise.all([tabOne.then(decodeChunks), decodeChunks(tabTwo)])
    const text = (chunks: any[]) => chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta).join('')
    expect(chunksTwo[0]).toMatchObject({ type: 'start', messageId: first.json.pending[0].messageId })
    expect(text(chunksTwo)).toBe('Blue, because it calms.')
    expect(text(chunksOne)).toBe(text(chunksTwo))
    const after = await two.frogbot.fetch(new Request(`http://localhost/api/agents/planner/${chatId}/stream`, { headers: { authorization: `Bearer ${one.token}` } }))
    expect(after.status).toBe(204)
  })
})
