import type { LiveStreams } from '../../contract/live-streams.ts'
import { checkRedis, describeUrl, redisConnection } from './redis-connection.ts'
import { joinRun } from './redis-join.ts'
import { activeKey, recordRun, streamKey } from './redis-record.ts'

/**
 * Options of {@link redisLiveStreams}.
 * - `url`: the Redis server, e.g. `redis://127.0.0.1:6379` (default `REDIS_URL`); or any node of a
 *   Redis Cluster (Valkey alike), which is then found and used whole.
 * - `cluster`: whether `url` is a node of a cluster; default: asked once at the first connection
 *   (`INFO cluster`).
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
  cluster?: boolean
}

/**
 * {@link LiveStreams} shared by every server process through Redis: each run's chunks go to a
 * Redis stream, so a client whose request reached another process joins it from the start.
 * No pub/sub is used: a joining client reads the stream with blocking `XREAD`s on a connection
 * of its own, and every key of a chat carries the hash tag `{chatId}`, so on a Redis Cluster a
 * chat's keys and reads stay on one shard.
 * Live streams are a convenience, never the record (that is storage): when Redis is unreachable,
 * chunks are dropped and the run is unlisted rather than queued in memory, and the problem is
 * logged once per outage. `close()` writes out what the running turns already sent and ends
 * their streams for joined clients, then disconnects; later chunks are dropped quietly.
 * `check()` connects and pings once, rejecting with a message naming the URL (for start-up).
 * Throws when neither `url` nor `REDIS_URL` is given.
 */
export function redisLiveStreams(options: RedisLiveStreamsOptions = {}): LiveStreams {
  const { url = process.env.REDIS_URL, keyPrefix = 'frogbot:live:', ttlSeconds = 60, aliveSeconds = 10, connectTimeoutMs = 5000, log = console.error, cluster } = options
  if (!url) throw new Error('redisLiveStreams: pass { url } or set REDIS_URL (e.g. redis://127.0.0.1:6379)')
  const connection = redisConnection({ url, connectTimeoutMs, log, cluster })
  // The runs recording now, by their `end`, so that `close()` can write them out.
  const running = new Set<() => Promise<void>>()
  return {
    record(chatId, runId) {
      const keys = { active: activeKey(keyPrefix, chatId), stream: streamKey(keyPrefix, chatId, runId) }
      const recorder = recordRun(connection, { keys, runId, lifetimes: { aliveSeconds, ttlSeconds }, onEnd: () => running.delete(recorder.end) })
      running.add(recorder.end)
      return recorder
    },
    join: (chatId) => joinRun(connection, { keyPrefix, chatId, aliveSeconds }),
    async check() {
      await checkRedis(url, connectTimeoutMs)
      await connection.firstConnection
    },
    async ping() {
      await connection.firstConnection
      const client = connection.ready()
      if (!client) throw new Error(`Redis at ${describeUrl(url)} is not connected`)
      await client.ping()
    },
    async close() {
      if (connection.closed) return
      await Promise.allSettled([...running].map((end) => end()))
      await connection.close()
    }
  }
}
