import type { createClient as CreateClient } from '@redis/client'
import type { UIMessageChunk } from 'ai'
import type { LiveStreams } from '../../contract/live-streams.ts'

/**
 * Options of {@link redisLiveStreams}.
 * - `url`: the Redis server, e.g. `redis://127.0.0.1:6379` (default `REDIS_URL`).
 * - `keyPrefix`: prefix of the keys used (default `frogbot:live:`).
 * - `ttlSeconds`: how long a finished run's chunks stay readable (default 60).
 * - `aliveSeconds`: how long a running run stays listed after its process last renewed it (default
 *   10; renewed every third of it). When a process dies mid-reply, clients that joined its run
 *   see the stream end and its keys expire within this time.
 * - `connectTimeoutMs`: longest wait for a connection (default 5000).
 * - `log`: where connection problems go, once per outage (default `console.error`).
 */
export type RedisLiveStreamsOptions = {
  url?: string
  keyPrefix?: string
  ttlSeconds?: number
  aliveSeconds?: number
  connectTimeoutMs?: number
  log?: (line: string) => void
}

/** Where a URL points, without its password, for messages. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`
  } catch {
    return '(not a URL)'
  }
}

/**
 * {@link LiveStreams} shared by every server process through Redis: each run's chunks go to a
 * Redis stream, so a client whose request reached another process joins it from the start.
 * Live streams are a convenience, never the record (that is storage): when Redis is unreachable,
 * chunks are dropped and the run is unlisted rather than queued in memory, and the problem is
 * logged once per outage. `close()` writes out what the running turns already sent and ends
 * their streams for joined clients, then disconnects; later chunks are dropped quietly.
 * `check()` connects and pings once, rejecting with a message naming the URL (for start-up).
 * Throws when neither `url` nor `REDIS_URL` is given.
 */
export function redisLiveStreams(options: RedisLiveStreamsOptions = {}): LiveStreams {
  const { url = process.env.REDIS_URL, keyPrefix = 'frogbot:live:', ttlSeconds = 60, aliveSeconds = 10, connectTimeoutMs = 5000, log = console.error } = options
  if (!url) throw new Error('redisLiveStreams: pass { url } or set REDIS_URL (e.g. redis://127.0.0.1:6379)')
  const where = describeUrl(url)
  let failing = false
  const report = (error: unknown) => {
    if (failing || closed) return
    failing = true
    log(`frogbot: live streams through Redis at ${where} failed (chunks are dropped until it is back; chats are not affected): ${error instanceof Error ? error.message : String(error)}`)
  }
  // The Redis client package is loaded here, not when `frogbot` is imported: apps without Redis never load it.
  const redis = import('@redis/client')
  let client!: ReturnType<typeof CreateClient>
  let closed = false
  // Connect at once; commands sent before the first connection wait for it, at most connectTimeoutMs.
  const connecting = redis
    .then(({ createClient }) => {
      client = createClient({
        url,
        // Commands fail at once while Redis is away instead of piling up in memory.
        disableOfflineQueue: true,
        socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5000) }
      })
      client.on('error', report)
      client.on('ready', () => {
        if (failing) log(`frogbot: live streams through Redis at ${where} work again`)
        failing = false
      })
      return client.connect()
    })
    .catch(report)
  let started = false
  const firstConnection = Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, connectTimeoutMs).unref())]).then(() => {
    started = true
  })

  const activeKey = (chatId: string) => `${keyPrefix}${chatId}:active`
  const streamKey = (chatId: string, runId: string) => `${keyPrefix}${chatId}:${runId}`
  const inFlight = new Set<Promise<unknown>>()
  const open = new Set<() => Promise<void>>()
  /** Sends a command now if Redis is up; tracked so `close()` can wait for it. */
  const run = (command: () => Promise<unknown>) => {
    if (closed) return Promise.resolve(false)
    if (!client?.isReady) return Promise.reject(new Error('not connected'))
    return command()
  }
  const send = (command: () => Promise<unknown>): Promise<boolean> => {
    if (closed) return Promise.resolve(false)
    // Before the first connection settles, commands queue on it in the order they were sent.
    const sent = (started ? run(command) : firstConnection.then(() => run(command))).then(
      () => true,
      (error) => (report(error), false)
    )
    inFlight.add(sent)
    sent.finally(() => inFlight.delete(sent))
    return sent
  }

  return {
    record(chatId, runId) {
      const stream = streamKey(chatId, runId)
      const active = activeKey(chatId)
      let broken = false
      let first = true
      let finished = false
      const renew = () => send(() => client.multi().expire(active, aliveSeconds).expire(stream, aliveSeconds).exec())
      const heartbeat = setInterval(renew, Math.max(100, (aliveSeconds * 1000) / 3))
      heartbeat.unref()
      // A run that lost chunks is unlisted, so nobody joins a stream with a hole in it.
      const write = (command: () => Promise<unknown>) => {
        if (broken) return
        send(command).then((ok) => {
          if (!ok && !broken) {
            broken = true
            send(() => unlist())
          }
        })
      }
      const unlist = async () => {
        if ((await client.get(active)) === runId) await client.del(active)
      }
      const end = async () => {
        if (finished) return
        finished = true
        clearInterval(heartbeat)
        open.delete(end)
        if (broken) return
        // Unlisted first: a client that joins from now on gets 204; readers still see the end marker.
        await send(async () => {
          await unlist()
          await client.multi().xAdd(stream, '*', { end: '1' }).expire(stream, ttlSeconds).exec()
        })
      }
      open.add(end)
      write(() => client.set(active, runId, { expiration: { type: 'EX', value: aliveSeconds } }))
      return {
        push: (chunk) => {
          if (finished) return
          const fields = { c: JSON.stringify(chunk) }
          // The first chunk creates the stream: give it the run's lifetime at once, so a crash cannot leave it forever.
          write(first ? () => client.multi().xAdd(stream, '*', fields).expire(stream, aliveSeconds).exec() : () => client.xAdd(stream, '*', fields))
          first = false
        },
        end
      }
    },

    async join(chatId) {
      await firstConnection
      if (closed || !client?.isReady) return null
      const active = activeKey(chatId)
      const runId = await client.get(active).catch((error) => (report(error), null))
      if (!runId) return null
      const stream = streamKey(chatId, runId)
      const reader = client.duplicate()
      reader.on('error', () => {})
      try {
        await reader.connect()
      } catch (error) {
        report(error)
        return null
      }
      let lastId = '0'
      let reading = true
      const stop = () => {
        if (!reading) return
        reading = false
        reader.destroy()
      }
      const stillListed = async () => (await client.get(active)) === runId
      return new ReadableStream<UIMessageChunk>({
        async pull(controller) {
          const finish = () => {
            stop()
            controller.close()
          }
          try {
            for (;;) {
              const reply = (await reader.xRead({ key: stream, id: lastId }, { BLOCK: Math.min(5000, (aliveSeconds * 1000) / 2), COUNT: 100 })) as
                | { messages: { id: string; message: Record<string, string> }[] }[]
                | null
              if (!reading) return
              // Nothing new: the run goes on only while its process keeps it listed.
              if (!reply && (await stillListed())) continue
              if (!reply) return finish()
              for (const { id, message } of reply[0].messages) {
                lastId = id
                if (message.end) return finish()
                controller.enqueue(JSON.parse(message.c) as UIMessageChunk)
              }
              return
            }
          } catch {
            // Redis went away (or this client left): this copy ends here.
            if (reading) finish()
          }
        },
        cancel: stop
      })
    },

    async check() {
      const { createClient } = await redis
      const probe = createClient({ url, socket: { connectTimeout: connectTimeoutMs, reconnectStrategy: false } })
      probe.on('error', () => {})
      try {
        await probe.connect()
        await probe.ping()
      } catch (error) {
        throw new Error(`REDIS_URL: cannot reach Redis at ${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      } finally {
        if (probe.isOpen) probe.destroy()
      }
      await firstConnection
    },

    async close() {
      if (closed) return
      await Promise.allSettled([...open].map((end) => end()))
      await Promise.allSettled([...inFlight])
      closed = true
      // Once the package is loaded the client exists (it is created as the package arrives).
      await redis.catch(() => {})
      if (!client) return
      if (client.isReady) await client.close().catch(() => {})
      else client.destroy()
    }
  }
}
