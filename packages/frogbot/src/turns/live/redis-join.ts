import type { UIMessageChunk } from 'ai'
import type { RedisClient, RedisConnection } from './redis-connection.ts'
import { activeKey, streamKey } from './redis-record.ts'

/** An entry of a run's Redis stream as written by `recordRun`: a chunk (`c`, its JSON) or the end marker (`end`). */
export type RunEntry = { id: string; message: Record<string, string> }

/**
 * Up to 100 entries of `stream` after entry id `cursor` (`'0'`: from the start), waiting up to
 * `blockMs` for the first; `null` when none came in that time. Rejects when the read fails.
 */
export async function readAfter(reader: RedisClient, stream: string, cursor: string, blockMs: number): Promise<RunEntry[] | null> {
  const reply = (await reader.xRead({ key: stream, id: cursor }, { BLOCK: blockMs, COUNT: 100 })) as { messages: RunEntry[] }[] | null
  return reply ? reply[0].messages : null
}

/** The chunk an entry holds, or `'end'` for the end marker. Throws when the chunk is not JSON. */
export function entryChunk(message: Record<string, string>): UIMessageChunk | 'end' {
  return message.end ? 'end' : (JSON.parse(message.c) as UIMessageChunk)
}

/**
 * The chunks of `stream` from its start, read with `reader` (a client of its own, destroyed when
 * the stream ends or the client cancels). It ends at the end marker, when `stillListed()` says the
 * run is no longer listed after a read that waited `blockMs` in vain (its process died), or when
 * Redis goes away.
 */
export function followRun(reader: RedisClient, { stream, stillListed, blockMs }: { stream: string; stillListed: () => Promise<boolean>; blockMs: number }): ReadableStream<UIMessageChunk> {
  let cursor = '0'
  let reading = true
  const stop = () => {
    if (!reading) return
    reading = false
    reader.destroy()
  }
  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      const finish = () => {
        stop()
        controller.close()
      }
      try {
        for (;;) {
          const entries = await readAfter(reader, stream, cursor, blockMs)
          if (!reading) return
          // Nothing new: the run goes on only while its process keeps it listed.
          if (!entries && (await stillListed())) continue
          if (!entries) return finish()
          for (const { id, message } of entries) {
            cursor = id
            const chunk = entryChunk(message)
            if (chunk === 'end') return finish()
            controller.enqueue(chunk)
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
}

/**
 * The run of `chatId` that is streaming, from its first chunk (see {@link followRun}), or `null`
 * when none is listed or Redis cannot be reached (the problem reported to `connection`).
 * Waits for the connection's first attempt first.
 */
export async function joinRun(connection: Pick<RedisConnection, 'firstConnection' | 'ready' | 'reader' | 'report'>, { keyPrefix, chatId, aliveSeconds }: { keyPrefix: string; chatId: string; aliveSeconds: number }) {
  await connection.firstConnection
  const client = connection.ready()
  if (!client) return null
  const active = activeKey(keyPrefix, chatId)
  const runId = await client.get(active).catch((error) => (connection.report(error), null))
  if (!runId) return null
  const stream = streamKey(keyPrefix, chatId, runId)
  let reader: RedisClient
  try {
    // A blocking read holds its connection: it gets one of its own, on the shard of the chat's keys.
    reader = await connection.reader(stream)
  } catch (error) {
    connection.report(error)
    return null
  }
  const stillListed = async () => (await client.get(active)) === runId
  return followRun(reader, { stream, stillListed, blockMs: Math.min(5000, (aliveSeconds * 1000) / 2) })
}
