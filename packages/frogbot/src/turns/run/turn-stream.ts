import type { UIMessageChunk } from 'ai'

/**
 * Drives a turn's UI message stream to its end whatever its client does, in one pump: every chunk
 * goes to `onChunk` (the live recorder, the turn's own bookkeeping) and to the client's stream
 * while the client reads it. A client that cancels (a closed tab, a JSON door) only stops being
 * fed; the turn goes on. `source` resolves to the stream once the model call is set up; a failure
 * there, or of the stream, reaches `onError` (which may return a last chunk to send).
 * Returns the client's stream and a promise that settles once the source is drained.
 */
export function pumpTurn(
  source: Promise<ReadableStream<UIMessageChunk>>,
  { onChunk, onError }: { onChunk: (chunk: UIMessageChunk) => void; onError: (error: unknown) => UIMessageChunk | undefined }
): { stream: ReadableStream<UIMessageChunk>; drained: Promise<void> } {
  const client: { controller: ReadableStreamDefaultController<UIMessageChunk> | null } = { controller: null }
  const stream = new ReadableStream<UIMessageChunk>({
    start: (controller) => {
      client.controller = controller
    },
    cancel: () => {
      client.controller = null
    }
  })
  const send = (chunk: UIMessageChunk) => {
    onChunk(chunk)
    try {
      client.controller?.enqueue(chunk)
    } catch {
      client.controller = null
    }
  }
  const drained = (async () => {
    try {
      const reader = (await source).getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        send(value)
      }
    } catch (error) {
      const last = onError(error)
      if (last) send(last)
    } finally {
      try {
        client.controller?.close()
      } catch {
        // the client went away
      }
    }
  })()
  return { stream, drained }
}
