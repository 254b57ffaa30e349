import { createClient } from '@redis/client'
import type { UIMessageChunk } from 'ai'
import type { LiveStreams } from './live-streams.ts'

/**
 * Options of {@link redisLiveStreams}.
 * - `url`: the Redis server, e.g. `redis://127.0.0.1:6379` (default `REDIS_URL`).
 * - `keyPrefix`: prefix of the keys used (default `frogbot:live:`).
 * - `ttlSeconds`: how long a finished run's chunks stay readable (default 60).
 */
export type RedisLiveStreamsOptions = { url?: string; keyPrefix?: string; ttlSeconds?: number }

/**
 * {@link LiveStreams} shared by every server process through Redis: each run's chunks go to a
 * Redis stream, so a client whose request reached another process joins it from the start.
 * Throws when neither `url` nor `REDIS_URL` is given.
 */
export function redisLiveStreams({ url = process.env.REDIS_URL, keyPrefix = 'frogbot:live:', ttlSeconds = 60 }: RedisLiveStreamsOptions = {}): LiveStreams {
  if (!url) throw new Error('redisLiveStreams: pass { url } or set REDIS_URL (e.g. redis://127.0.0.1:6379)')
  const client = createClient({ url })
  let connected: Promise<unknown> | undefined
  const ready = () => (connected ??= client.connect())
  const activeKey = (chatId: string) => `${keyPrefix}${chatId}:active`
  const streamKey = (chatId: string, runId: string) => `${keyPrefix}${chatId}:${runId}`
  const report = (error: unknown) => console.error(`frogbot: live stream to Redis failed: ${String(error)}`)

  return {
    record(chatId, runId) {
      const stream = streamKey(chatId, runId)
      const active = activeKey(chatId)
      // Commands on one connection run in order, so a run's chunks stay in order without awaiting each.
      const started = ready().then(async () => {
        await client.set(active, runId, { expiration: { type: 'EX', value: 3600 } })
      })
      started.catch(report)
      return {
        push: (chunk) => {
          started.then(() => client.xAdd(stream, '*', { c: JSON.stringify(chunk) })).catch(report)
        },
        end: () =>
          started
            .then(async () => {
              // Unlisted first: a client that joins from now on gets 204; readers still see the end marker.
              if ((await client.get(active)) === runId) await client.del(active)
              await client.xAdd(stream, '*', { end: '1' })
              await client.expire(stream, ttlSeconds)
            })
            .catch(report)
      }
    },

    async join(chatId) {
      const active = activeKey(chatId)
      await ready()
      const runId = await client.get(active)
      if (!runId) return null
      const stream = streamKey(chatId, runId)
      const reader = client.duplicate()
      await reader.connect()
      let lastId = '0'
      let open = true
      const stop = () => {
        if (!open) return
        open = false
        reader.quit().catch(() => {})
      }
      return new ReadableStream<UIMessageChunk>({
        async pull(controller) {
          for (;;) {
            const reply = (await reader.xRead({ key: stream, id: lastId }, { BLOCK: 5000, COUNT: 100 })) as
              | { messages: { id: string; message: Record<string, string> }[] }[]
              | null
            if (!open) return
            if (!reply) {
              if ((await client.get(active)) !== runId) {
                stop()
                controller.close()
                return
              }
              continue
            }
            for (const { id, message } of reply[0].messages) {
              lastId = id
              if (message.end) {
                stop()
                controller.close()
                return
              }
              controller.enqueue(JSON.parse(message.c) as UIMessageChunk)
            }
            return
          }
        },
        cancel: stop
      })
    },

    async close() {
      if (connected) await client.quit().catch(() => {})
    }
  }
}
