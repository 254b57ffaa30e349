import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4Usage
} from '@ai-sdk/provider'
import { planDemoReply, type DemoReply } from './demo-model-reply.ts'
import { countWords, splitIntoSlices, splitIntoWordGroups } from './demo-model-text.ts'

/** Options of {@link createDemoModel}. */
export type DemoModelOptions = {
  /** Pause between streamed text and tool-input chunks, in milliseconds. Default `0` (no pause). */
  chunkDelayMs?: number
}

const MODEL_ID = 'demo'
const TEXT_ID = 'text-0'

function promptWords(prompt: LanguageModelV4Prompt): number {
  let total = 0
  for (const message of prompt) {
    if (message.role === 'system') {
      total += countWords(message.content)
      continue
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') total += countWords(part.text)
      else if (part.type === 'tool-call') total += countWords(JSON.stringify(part.input) ?? '')
      else if (part.type === 'tool-result') total += countWords(JSON.stringify(part.output))
    }
  }
  return total
}

// Words stand in for tokens: the demo model has no tokenizer, and the numbers only need to be plausible.
function usageOf(options: LanguageModelV4CallOptions, reply: DemoReply): LanguageModelV4Usage {
  const input = promptWords(options.prompt)
  const output = countWords(reply.text) + reply.toolCalls.reduce((sum, call) => sum + countWords(call.input), 0)
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 }
  }
}

function streamPartsOf(options: LanguageModelV4CallOptions, reply: DemoReply): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: `demo-${reply.fingerprint}`, modelId: MODEL_ID }
  ]
  if (reply.text) {
    parts.push({ type: 'text-start', id: TEXT_ID })
    for (const delta of splitIntoWordGroups(reply.text)) parts.push({ type: 'text-delta', id: TEXT_ID, delta })
    parts.push({ type: 'text-end', id: TEXT_ID })
  }
  for (const call of reply.toolCalls) {
    parts.push({ type: 'tool-input-start', id: call.toolCallId, toolName: call.toolName })
    for (const delta of splitIntoSlices(call.input)) parts.push({ type: 'tool-input-delta', id: call.toolCallId, delta })
    parts.push({ type: 'tool-input-end', id: call.toolCallId })
    parts.push({ type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: call.input })
  }
  parts.push({
    type: 'finish',
    finishReason: { unified: reply.finishReason, raw: reply.finishReason },
    usage: usageOf(options, reply)
  })
  return parts
}

function wait(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, milliseconds)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function toStream(
  parts: LanguageModelV4StreamPart[],
  chunkDelayMs: number,
  signal: AbortSignal | undefined
): ReadableStream<LanguageModelV4StreamPart> {
  let index = 0
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      try {
        signal?.throwIfAborted()
        const part = parts[index++]
        if (part === undefined) return controller.close()
        const isChunk = part.type === 'text-delta' || part.type === 'tool-input-delta'
        if (isChunk && chunkDelayMs > 0) await wait(chunkDelayMs, signal)
        controller.enqueue(part)
      } catch (error) {
        controller.error(error)
      }
    }
  })
}

/**
 * The built-in offline demo model, used when no model provider is configured, so the whole
 * question flow can be seen without a key. It is a fixed script, not a language model:
 *
 * - the last message holds a `question` result: it names the answer (or notes that none was given)
 *   and fills a short plan template with it, in Markdown (a list and a table); for any other tool
 *   result it repeats the result;
 * - the latest user message names another offered tool (`pick_file` or `pick file`): it calls that
 *   tool once, with input sampled from the tool's schema and filled with file names, quoted phrases
 *   or the list after a colon in the message, and finishes with `tool-calls`;
 * - the message asks for "Markdown": it answers a sample of everything a reply can hold;
 * - else a tool named `question` is offered and has not been called since the latest user message: it
 *   says one lead-in sentence and calls `question` in the shape the message asks for ("a few
 *   questions": three that step one at a time, one without a typed answer; "pick any …": a
 *   multi-select), with options taken from an "X or Y" phrase in the user's message (generic
 *   options otherwise), and finishes with `tool-calls`;
 * - otherwise it echoes the latest user message.
 *
 * Output depends only on the prompt, the offered tools and `toolChoice`. Text streams in groups of
 * three words, tool input in 32-character slices; usage counts words as tokens. Aborting
 * `abortSignal` rejects the call or errors the stream with the signal's reason.
 */
export function createDemoModel({ chunkDelayMs = 0 }: DemoModelOptions = {}): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'frogbot',
    modelId: MODEL_ID,
    supportedUrls: {},

    async doGenerate(options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> {
      options.abortSignal?.throwIfAborted()
      const reply = planDemoReply(options)
      const content: LanguageModelV4Content[] = []
      if (reply.text) content.push({ type: 'text', text: reply.text })
      for (const call of reply.toolCalls) content.push({ type: 'tool-call', ...call })
      return {
        content,
        finishReason: { unified: reply.finishReason, raw: reply.finishReason },
        usage: usageOf(options, reply),
        response: { id: `demo-${reply.fingerprint}`, modelId: MODEL_ID },
        warnings: []
      }
    },

    async doStream(options: LanguageModelV4CallOptions): Promise<LanguageModelV4StreamResult> {
      options.abortSignal?.throwIfAborted()
      const reply = planDemoReply(options)
      return { stream: toStream(streamPartsOf(options, reply), chunkDelayMs, options.abortSignal) }
    }
  }
}
