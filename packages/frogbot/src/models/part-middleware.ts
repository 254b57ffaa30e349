import type { LanguageModelMiddleware } from 'ai'

/** A part of a model response as a part mapper sees it: its type, and the id fields some parts carry. */
export type ModelPart = { type: string; id?: string; toolCallId?: string; delta?: string; input?: string }

/** What one model response's parts become: the part to pass on (the same or a changed copy), or `null` to drop it. */
export type PartMap = (part: ModelPart) => ModelPart | null

/**
 * One rule over a model's responses: called once per model call with its prompt, it returns the
 * mapping of that response's parts (which may keep state across the response's parts).
 */
export type PartRule = (call: { prompt: unknown }) => PartMap

/**
 * A `ReadableStream` of `source`'s parts through `map`, in one stage pulled as its reader reads
 * (no transform stream's two sides and pipe per response): dropped parts are skipped, an error of
 * `source` errors it, cancelling it cancels `source`.
 */
export function mapStream<T>(source: ReadableStream<T>, map: (part: T) => T | null): ReadableStream<T> {
  const reader = source.getReader()
  return new ReadableStream<T>({
    async pull(controller) {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return controller.close()
        const mapped = map(value)
        if (mapped !== null) return controller.enqueue(mapped)
      }
    },
    cancel: (reason) => reader.cancel(reason)
  })
}

/**
 * A model middleware applying `rules` in order to every part of each response, streamed (one
 * stream stage for all of them) or generated (each content part).
 */
export function partMiddleware(...rules: PartRule[]): LanguageModelMiddleware {
  const start = (prompt: unknown): PartMap => {
    const maps = rules.map((rule) => rule({ prompt }))
    return (part) => {
      let mapped: ModelPart | null = part
      for (const map of maps) if ((mapped = map(mapped)) === null) break
      return mapped
    }
  }
  return {
    wrapStream: async ({ doStream, params }) => {
      const map = start(params.prompt)
      const result = await doStream()
      return { ...result, stream: mapStream(result.stream as ReadableStream<ModelPart>, map) as typeof result.stream }
    },
    wrapGenerate: async ({ doGenerate, params }) => {
      const map = start(params.prompt)
      const result = await doGenerate()
      return { ...result, content: result.content.flatMap((part) => (map(part as ModelPart) ?? []) as (typeof part)[]) }
    }
  }
}
