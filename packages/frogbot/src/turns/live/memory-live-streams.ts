import type { UIMessageChunk } from 'ai'
import type { LiveStreams } from '../../contract/live-streams.ts'

type LiveRun = { chunks: UIMessageChunk[]; listeners: Set<(chunk: UIMessageChunk | null) => void>; done: boolean }

/**
 * {@link LiveStreams} in this process's memory: enough for one server process. A finished run is
 * forgotten at once.
 */
export function memoryLiveStreams(): LiveStreams {
  const runs = new Map<string, LiveRun>()
  return {
    record(chatId) {
      const run: LiveRun = { chunks: [], listeners: new Set(), done: false }
      runs.set(chatId, run)
      return {
        push: (chunk) => {
          run.chunks.push(chunk)
          for (const listener of run.listeners) listener(chunk)
        },
        end: () => {
          run.done = true
          for (const listener of run.listeners) listener(null)
          run.listeners.clear()
          if (runs.get(chatId) === run) runs.delete(chatId)
        }
      }
    },
    async join(chatId) {
      const run = runs.get(chatId)
      if (!run || run.done) return null
      let listener: ((chunk: UIMessageChunk | null) => void) | undefined
      return new ReadableStream<UIMessageChunk>({
        start(controller) {
          for (const chunk of run.chunks) controller.enqueue(chunk)
          listener = (chunk) => (chunk === null ? controller.close() : controller.enqueue(chunk))
          run.listeners.add(listener)
        },
        cancel() {
          if (listener) run.listeners.delete(listener)
        }
      })
    },
    close: async () => runs.clear()
  }
}
