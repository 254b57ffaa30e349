import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { redisLiveStreams } from '../../src/index.ts'
import { colorQuestion, heldStep, scripted, streamingModel, toolStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'
import { tempDir } from '../../src/testing/temp-dir.ts'
import { assemble, decodeChunks } from '../helpers/ui-stream.ts'
import { internalsOf } from '../../src/frogbot-internals.ts'
import { REDIS_URL, redisReachable as reachable } from '../helpers/redis.ts'
import { type RedisCluster, redisServerInstalled, startRedisCluster } from '../helpers/redis-cluster.ts'
import { activeKey } from '../../src/turns/live/redis-record.ts'

// The live-stream suite on a single Redis and on a three-master Redis Cluster that the suite starts
// itself (redis-server --cluster-enabled yes on three free local ports, redis-cli --cluster create).

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})

const text = (chunks: any[]) => chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => chunk.delta).join('')
const answer = { toolCallId: 'call_1', output: { answers: [{ header: 'Color', selected: ['Blue'] }] } }

/**
 * Two "processes" on one SQLite file, each with its own live streams on `url`; the first asks the
 * color question and will continue with `held` (a continuation that streams, then waits).
 */
async function twoProcesses(url: string, held: ReturnType<typeof heldStep>) {
  const temp = tempDir()
  cleanups.push(temp.remove)
  const filename = join(temp.dir, 'frogbot.db')
  const keyPrefix = `frogbot-test:${process.pid}:${Date.now()}:`
  const one = await testFrogbot({ filename, model: streamingModel([scripted(toolStep([{ toolCallId: 'call_1', toolName: 'question', input: colorQuestion }])), held.stream]) })
  cleanups.push(one.close)
  const two = await testFrogbot({ filename, model: streamingModel([]) })
  cleanups.push(two.close)
  const liveOne = redisLiveStreams({ url, keyPrefix, log: () => {} })
  const liveTwo = redisLiveStreams({ url, keyPrefix, log: () => {} })
  cleanups.push(() => liveOne.close(), () => liveTwo.close())
  internalsOf(one.frogbot).engine.services.live = liveOne
  internalsOf(two.frogbot).engine.services.live = liveTwo
  const first = await one.call('POST', '/api/agents/planner', { prompt: 'Paint the shed' })
  const chatId = first.json.chatId as string
  const settle = () =>
    one.frogbot.fetch(
      new Request(`http://localhost/api/agents/planner/chats/${chatId}/settle`, {
        method: 'POST',
        headers: { authorization: `Bearer ${one.token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify(answer)
      })
    )
  const join2 = () => two.frogbot.fetch(new Request(`http://localhost/api/agents/planner/${chatId}/stream`, { headers: { authorization: `Bearer ${one.token}` } }))
  return { one, two, chatId, keyPrefix, messageId: first.json.pending[0].messageId as string, settle, join: join2 }
}

/** Polls `join()` until the run is listed (the first chunks reach Redis a moment after the continuation starts). */
async function joinWhenListed(join: () => Promise<Response>) {
  for (let tries = 0; ; tries++) {
    const response = await join()
    if (response.status === 200 || tries >= 60) return response
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const targets: { name: string; skip: boolean; start: () => Promise<{ url: string; cluster?: RedisCluster }> }[] = [
  { name: 'a single Redis', skip: !reachable, start: async () => ({ url: REDIS_URL }) },
  {
    name: 'a three-master Redis Cluster',
    skip: !redisServerInstalled,
    start: async () => {
      const cluster = await startRedisCluster()
      return { url: cluster.url, cluster }
    }
  }
]

for (const target of targets) {
  describe.skipIf(target.skip)(`live streams through ${target.name}`, () => {
    let url: string
    let cluster: RedisCluster | undefined
    beforeAll(async () => {
      ;({ url, cluster } = await target.start())
    }, 60_000)
    afterAll(async () => {
      await cluster?.stop()
    })

    it('a client of another process joins a streaming continuation from its start', async () => {
      const held = heldStep('Blue, because it calms.')
      const { one, two, chatId, messageId, settle, join } = await twoProcesses(url, held)
      const tabOne = settle()
      await held.started
      const tabTwo = await joinWhenListed(join)
      expect(tabTwo.status).toBe(200)
      held.release()
      const [chunksOne, chunksTwo] = await Promise.all([tabOne.then(decodeChunks), decodeChunks(tabTwo)])
      expect(chunksTwo[0]).toMatchObject({ type: 'start', messageId })
      expect(text(chunksTwo)).toBe('Blue, because it calms.')
      expect(text(chunksOne)).toBe(text(chunksTwo))
      const after = await two.frogbot.fetch(new Request(`http://localhost/api/agents/planner/${chatId}/stream`, { headers: { authorization: `Bearer ${one.token}` } }))
      expect(after.status).toBe(204)
    })

    // A new-user run: the joined stream had two `start` chunks and no `finish-step` between the
    // replayed steps and the continuation's, which is no valid UI message stream.
    it('a joined continuation is one valid stream that builds the message the origin gives', async () => {
      const held = heldStep('Blue, because it calms.')
      const { one, two, chatId, messageId, settle, join } = await twoProcesses(url, held)
      const tabOne = settle()
      await held.started
      // What the approver's client holds when the continuation starts: the answered question.
      const read = await one.call('GET', `/api/agents/planner/chats/${chatId}`)
      const { settlements: _settlements, ...continued } = read.json.messages.at(-1)
      const tabTwo = await joinWhenListed(join)
      expect(tabTwo.status).toBe(200)
      held.release()
      const [chunksOne, chunksTwo] = await Promise.all([tabOne.then(decodeChunks), decodeChunks(tabTwo)])
      expect(chunksTwo.filter((chunk) => chunk.type === 'start')).toEqual([{ type: 'start', messageId }])
      // Every step is started once and finished before the next starts, as in the AI SDK's streams.
      const steps = chunksTwo.filter((chunk) => chunk.type === 'start-step' || chunk.type === 'finish-step')
      expect(steps.length).toBeGreaterThanOrEqual(4)
      steps.forEach((chunk, at) => expect(chunk.type).toBe(at % 2 === 0 ? 'start-step' : 'finish-step'))
      // The AI SDK reads both streams to the same message.
      const origin = await assemble(chunksOne, continued)
      const joined = await assemble(chunksTwo)
      expect(joined.id).toBe(messageId)
      expect(joined.parts).toEqual(origin.parts)
      const types = (parts: { type: string }[]) => parts.map((part) => part.type)
      expect(types(joined.parts)).toEqual(['step-start', 'tool-question', 'step-start', 'text'])
      const stored = (await two.call('GET', `/api/agents/planner/chats/${chatId}`)).json.messages.at(-1)
      expect(types(joined.parts)).toEqual(types(stored.parts))
    })

    if (target.name === 'a three-master Redis Cluster') it('the restart of the shard holding the chat mid-reply loses no stored message; live streams work again after it', async () => {
      const held = heldStep('Blue, because it calms.')
      const { one, two, chatId, keyPrefix, messageId, settle, join } = await twoProcesses(url, held)
      const tabOne = settle()
      await held.started
      const joined = await joinWhenListed(join)
      expect(joined.status).toBe(200)
      const port = await cluster!.portOf(activeKey(keyPrefix, chatId))
      const others = cluster!.ports.filter((other) => other !== port)
      await cluster!.restart(port)
      held.release()
      // The person who answered gets the whole continuation; the joined tab gets what reached Redis, then its end.
      const [chunksOne, chunksJoined] = await Promise.all([tabOne.then(decodeChunks), decodeChunks(joined)])
      expect(text(chunksOne)).toBe('Blue, because it calms.')
      expect(chunksJoined[0]).toMatchObject({ type: 'start', messageId })
      // Storage is the record: every process reads the answered question and the whole reply.
      for (const server of [one, two]) {
        const read = await server.call('GET', `/api/agents/planner/chats/${chatId}`)
        expect(read.json.chat.state).toBe('idle')
        const assistant = read.json.messages.find((message: any) => message.id === messageId)
        expect(assistant.parts.find((part: any) => part.toolCallId === 'call_1')).toMatchObject({ state: 'output-available', output: answer.output })
        expect(assistant.parts.filter((part: any) => part.type === 'text').at(-1).text).toBe('Blue, because it calms.')
      }
      expect(others).toHaveLength(2)
      // The restarted shard serves the chat's keys again: a new run is recorded and joined there.
      const live = internalsOf(one.frogbot).engine.services.live
      let listed = false
      for (let tries = 0; !listed && tries < 100; tries++) {
        const run = live.record(chatId, `run_after_${tries}`)
        run.push({ type: 'start', messageId: 'msg_after' })
        await new Promise((resolve) => setTimeout(resolve, 100))
        const stream = await internalsOf(two.frogbot).engine.services.live.join(chatId)
        listed = stream !== null
        await run.end()
        if (stream) expect((await decodeStream(stream))[0]).toEqual({ type: 'start', messageId: 'msg_after' })
      }
      expect(listed).toBe(true)
    }, 60_000)

  })
}

async function decodeStream(stream: ReadableStream) {
  const chunks: unknown[] = []
  for await (const chunk of stream as unknown as AsyncIterable<unknown>) chunks.push(chunk)
  return chunks
}
