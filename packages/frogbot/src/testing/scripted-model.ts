import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test'

type StreamPart = Record<string, unknown> & { type: string }

const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } }

/** One model step that streams `text` and finishes with `stop`. */
export function textStep(text: string): StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...text.split(/(?<= )/).map((delta) => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }
  ]
}

/** One model step with optional lead-in text and tool calls, finishing with `tool-calls`. */
export function toolStep(calls: { toolCallId: string; toolName: string; input: unknown }[], text?: string): StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    ...(text ? [{ type: 'text-start', id: 't0' }, { type: 'text-delta', id: 't0', delta: text }, { type: 'text-end', id: 't0' }] : []),
    ...calls.map((call) => ({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: JSON.stringify(call.input) })),
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }
  ]
}

/** How many of its latest calls a {@link mockModel} keeps in `doStreamCalls` and in `doGenerateCalls`. */
export const KEPT_CALLS = 32

/**
 * `MockLanguageModelV4` from `ai/test` that lets go of old prompts: `doStreamCalls.length` and
 * `doGenerateCalls.length` count every call, but only the latest {@link KEPT_CALLS} entries of each
 * are kept (older indexes read `undefined`), so a long test, soak or benchmark does not hold every
 * prompt it ever sent, nor the abort signal of each (a chat title's `generateText` call brings one
 * with a 15 s timer).
 */
export function mockModel(settings: ConstructorParameters<typeof MockLanguageModelV4>[0]) {
  const model = new MockLanguageModelV4(settings)
  const stream = model.doStream
  model.doStream = (options) => {
    // The mock records the call before its first await, so the one that falls out is known here.
    const played = stream(options)
    forget(model.doStreamCalls)
    return played
  }
  const generate = model.doGenerate
  model.doGenerate = (options) => {
    const played = generate(options)
    forget(model.doGenerateCalls)
    return played
  }
  return model
}

/** Drops the entry of `calls` that fell out of the latest {@link KEPT_CALLS}. */
function forget(calls: unknown[]): void {
  const old = calls.length - 1 - KEPT_CALLS
  if (old >= 0) delete calls[old]
}

/**
 * A mock model that plays `steps` in order, one per model call; a call past the script fails the
 * test loudly. `model.doStreamCalls` records the prompts the model saw (see {@link mockModel}).
 */
export function scriptedModel(steps: StreamPart[][]) {
  let call = 0
  const model = mockModel({
    doStream: async () => {
      const step = steps[call++]
      if (!step) throw new Error(`scripted model: no step ${call} in the script`)
      return { stream: convertArrayToReadableStream(step as never[]) }
    }
  })
  return model
}

/** The seed's example question input. */
export const colorQuestion = {
  questions: [{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] }]
}

/**
 * A model step that streams `text` and then holds the stream open (before the text ends) until
 * `release()` is called, or forever, to observe a chat while its turn is running. `started`
 * resolves once the text is out.
 */
export function heldStep(text: string) {
  let release!: () => void
  let markStarted!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const started = new Promise<void>((resolve) => (markStarted = resolve))
  const stream = () =>
    new ReadableStream({
      async start(controller) {
        const parts = textStep(text)
        const holdAt = parts.findIndex((part) => part.type === 'text-end')
        for (const part of parts.slice(0, holdAt)) controller.enqueue(part)
        const tail = parts.slice(holdAt)
        markStarted()
        await released
        for (const part of tail) controller.enqueue(part)
        controller.close()
      }
    })
  return { stream, release, started }
}

/** A mock model whose calls are answered by `steps[i]()` (fresh streams, held or scripted). */
export function streamingModel(steps: (() => ReadableStream)[]) {
  let call = 0
  return mockModel({
    doStream: async () => {
      const step = steps[call++]
      if (!step) throw new Error(`streaming model: no step ${call} in the script`)
      return { stream: step() as never }
    }
  })
}

/** A step factory from a scripted array, for {@link streamingModel}. */
export const scripted = (parts: StreamPart[]) => () => convertArrayToReadableStream(parts as never[])
