// The turn every figure measures, the same for FrogBot and the AI SDK alone: a user message, a
// `question` tool call, an answer, and a continuation that streams one text in the same message.
import type { UIMessage } from 'ai'
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test'

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }

/** The question the model asks (input of the `question` tool). */
export const QUESTION_INPUT = { questions: [{ header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] }] }

/** The person's answer (output of the `question` tool). */
export const ANSWER = { answers: [{ header: 'Color', selected: ['Blue'] }] }

/** The user message that starts the turn. */
export const PROMPT = 'Paint the shed'

/** The continuation's text. */
export const CONTINUATION_TEXT = 'Blue it is.'

const askStep = (toolCallId: string) => [
  { type: 'stream-start', warnings: [] },
  { type: 'tool-call', toolCallId, toolName: 'question', input: JSON.stringify(QUESTION_INPUT) },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }
]

const replyStep = [
  { type: 'stream-start', warnings: [] },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: CONTINUATION_TEXT },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }
]

/** How often a {@link benchModel} asked and continued. */
export type ModelCalls = { asks: number; continuations: number }

/**
 * A zero-latency model: a prompt that ends with a tool result gets the continuation, any other
 * prompt gets the `question` tool call with a fresh call id. It keeps no prompts, so long runs do
 * not grow the heap.
 */
export function benchModel(): MockLanguageModelV4 & { calls: ModelCalls } {
  const calls: ModelCalls = { asks: 0, continuations: 0 }
  let next = 0
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const last = prompt.at(-1)
      if (last?.role === 'tool') {
        calls.continuations++
        return { stream: convertArrayToReadableStream(replyStep as never[]) }
      }
      calls.asks++
      return { stream: convertArrayToReadableStream(askStep(`call_${process.pid}_${++next}`) as never[]) }
    }
  })
  // MockLanguageModelV4 records every call; a benchmark must not hold them all.
  const play = model.doStream
  model.doStream = (options) => {
    const played = play(options)
    model.doStreamCalls.length = 0
    return played
  }
  return Object.assign(model, { calls })
}

/** The transcript a client of the bare app sends with its answer: the user message and the answered call. */
export function answeredMessages(toolCallId = 'call_1'): UIMessage[] {
  return [
    { id: 'msg_user', role: 'user', parts: [{ type: 'text', text: PROMPT }] },
    {
      id: 'msg_assistant',
      role: 'assistant',
      parts: [{ type: 'step-start' }, { type: 'tool-question', toolCallId, state: 'output-available', input: QUESTION_INPUT, output: ANSWER } as never]
    }
  ]
}

/**
 * Reads a UI message stream: resolves `firstText` (ms since `started`) at the first
 * `text-delta`, then drains the rest. Throws when the stream ends without text.
 */
export async function readContinuation(stream: ReadableStream<Uint8Array>, started: number, onFirstText?: () => void): Promise<number> {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let seen = ''
  let firstText = -1
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (firstText >= 0) continue
    seen += decoder.decode(value, { stream: true })
    if (seen.includes('"text-delta"')) {
      firstText = performance.now() - started
      onFirstText?.()
    }
  }
  if (firstText < 0) throw new Error(`the continuation streamed no text: ${seen.slice(0, 300)}`)
  return firstText
}
