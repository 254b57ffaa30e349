import type { LiveRecorder } from '../../contract/live-streams.ts'
import type { RedisClient, RedisConnection } from './redis-connection.ts'

/**
 * The Redis key holding the id of the run of `chatId` that is streaming: `<keyPrefix>{<chatId>}:active`.
 * The braces are a Redis Cluster hash tag: every key of a chat hashes to one slot, so a chat's
 * keys live on one shard and a transaction (`MULTI`) may touch several of them.
 */
export function activeKey(keyPrefix: string, chatId: string): string {
  return `${keyPrefix}{${chatId}}:active`
}

/** The Redis stream holding the chunks of run `runId` of `chatId`: `<keyPrefix>{<chatId>}:<runId>` (hash-tagged as {@link activeKey}). */
export function streamKey(keyPrefix: string, chatId: string, runId: string): string {
  return `${keyPrefix}{${chatId}}:${runId}`
}

/**
 * How long keys live, in seconds: `aliveSeconds` while the run's process keeps renewing them
 * (every third of it), `ttlSeconds` once the run ended.
 */
export type RunLifetimes = { aliveSeconds: number; ttlSeconds: number }

/**
 * Records run `runId` into its Redis stream: lists it as the chat's streaming run at once, adds
 * each chunk as an entry `{ c: <chunk JSON> }`, and renews both keys every third of
 * `aliveSeconds`, so a process that dies leaves keys that expire. A run that lost a chunk (a
 * failed write) is unlisted and writes nothing more, so nobody joins a stream with a hole in it.
 * `end()` (once; later calls and chunks are ignored) calls `onEnd`, unlists the run, adds the end
 * marker `{ end: '1' }` and keeps the stream `ttlSeconds` for readers still on it.
 */
export function recordRun(
  connection: Pick<RedisConnection, 'send'>,
  { keys: { active, stream }, runId, lifetimes: { aliveSeconds, ttlSeconds }, onEnd }: { keys: { active: string; stream: string }; runId: string; lifetimes: RunLifetimes; onEnd: () => void }
): LiveRecorder & { end: () => Promise<void> } {
  const { send } = connection
  let broken = false
  let first = true
  let finished = false
  const renew = () => send((client) => client.multi().expire(active, aliveSeconds).expire(stream, aliveSeconds).exec())
  const heartbeat = setInterval(renew, Math.max(100, (aliveSeconds * 1000) / 3))
  heartbeat.unref()
  const unlist = () => send((client) => unlistRun(client, active, runId))
  const write = (command: Parameters<typeof send>[0]) => {
    if (broken) return
    send(command).then((ok) => {
      if (!ok && !broken) {
        broken = true
        unlist()
      }
    })
  }
  const end = async () => {
    if (finished) return
    finished = true
    clearInterval(heartbeat)
    onEnd()
    if (broken) return
    // Unlisted first: a client that joins from now on gets 204; readers still see the end marker.
    await send(async (client) => {
      await unlistRun(client, active, runId)
      await client.multi().xAdd(stream, '*', { end: '1' }).expire(stream, ttlSeconds).exec()
    })
  }
  write((client) => client.set(active, runId, { expiration: { type: 'EX', value: aliveSeconds } }))
  return {
    push: (chunk) => {
      if (finished) return
      const fields = { c: JSON.stringify(chunk) }
      // The first chunk creates the stream: give it the run's lifetime at once, so a crash cannot leave it forever.
      write(first ? (client) => client.multi().xAdd(stream, '*', fields).expire(stream, aliveSeconds).exec() : (client) => client.xAdd(stream, '*', fields))
      first = false
    },
    end
  }
}

/** Removes `runId` as the chat's streaming run, unless another run of the chat took its place. */
async function unlistRun(client: RedisClient, active: string, runId: string): Promise<void> {
  if ((await client.get(active)) === runId) await client.del(active)
}
