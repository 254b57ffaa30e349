import type { UIMessageChunk } from 'ai'

/** What a running turn reports its UI message chunks to. */
export type LiveRecorder = { push: (chunk: UIMessageChunk) => void; end: () => void | Promise<void> }

/**
 * Where running turns publish their UI message chunks so a second client (a reload, another tab,
 * a request that reached another server process) can join a turn that is still streaming
 * (AI SDK `useChat({ resume: true })`): it gets every chunk of the current run so far, then the
 * rest as it comes. Nothing here is needed to answer or continue a chat, which live in storage.
 * - `memoryLiveStreams()`: one process (the default).
 * - `redisLiveStreams({ url })`: several processes sharing one Redis.
 */
export type LiveStreams = {
  /** Starts recording a run of `chatId`; the run reports each chunk, then `end()`. */
  record: (chatId: string, runId: string) => LiveRecorder
  /** The current run of `chatId` from its first chunk, or `null` when none is streaming. */
  join: (chatId: string) => Promise<ReadableStream<UIMessageChunk> | null>
  /**
   * Closes connections, if any, after writing out what running turns already sent; their joined
   * clients see the stream end. Chunks reported after it are dropped.
   */
  close: () => Promise<void>
  /** Reaches the backend once, if there is one; rejects with a message naming what is wrong (for start-up). */
  check?: () => Promise<void>
  /** Asks the backend, if there is one, over the connection in use; rejects when it does not answer (for `GET /api/ready`). */
  ping?: () => Promise<void>
}
