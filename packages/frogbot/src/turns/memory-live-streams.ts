import type { UIMessageChunk } from 'ai'

type LiveTurn = { runId: string; chunks: UIMessageChunk[]; listeners: Set<(chunk: UIMessageChunk | null) => void>; done: boolean }

/**
 * The UI message chunks of the turns this process is running, so a second client (a reload,
 * another tab) can join a turn that is still streaming (AI SDK `useChat({ resume: true })`):
 * it gets every chunk of the current run so far, then the rest as it comes. A finished run is
 * forgotten; nothing here is needed to answer or continue a chat, which live in storage.
 */
export class LiveTurns {
  #turns = new Map<string, LiveTurn>()

  /** Starts recording a run of `chatId`; returns the functions the run reports its chunks to. */
  record(chatId: string, runId: string) {
    const turn: LiveTurn = { runId, chunks: [], listeners: new Set(), done: false }
    this.#turns.set(chatId, turn)
    return {
      push: (chunk: UIMessageChunk) => {
        turn.chunks.push(chunk)
        for (const listener of turn.listeners) listener(chunk)
      },
      end: () => {
        turn.done = true
        for (const listener of turn.listeners) listener(null)
        turn.listeners.clear()
        if (this.#turns.get(chatId) === turn) this.#turns.delete(chatId)
      }
    }
  }

  /** Whether a run of `chatId` is streaming in this process. */
  has(chatId: string): boolean {
    return this.#turns.has(chatId)
  }

  /** A stream of the current run of `chatId` from its first chunk, or `null` when none is running here. */
  join(chatId: string): ReadableStream<UIMessageChunk> | null {
    const turn = this.#turns.get(chatId)
    if (!turn || turn.done) return null
    let listener: ((chunk: UIMessageChunk | null) => void) | undefined
    return new ReadableStream<UIMessageChunk>({
      start(controller) {
        for (const chunk of turn.chunks) controller.enqueue(chunk)
        listener = (chunk) => (chunk === null ? controller.close() : controller.enqueue(chunk))
        turn.listeners.add(listener)
      },
      cancel() {
        if (listener) turn.listeners.delete(listener)
      }
    })
  }
}
