import { jsonSchema, type LanguageModelMiddleware, type Schema } from 'ai'
import { type ModelPart, type PartRule, partMiddleware } from '../models/part-middleware.ts'

/**
 * The deepest nesting of objects and arrays a tool input from a model may have: 64 levels, the
 * same limit as a request body (docs/http/overview.md). A model writes tool inputs, so a prompt
 * injection can make one nested thousands of levels deep, which no JSON serializer (the stream,
 * the stored chat) or browser (the card that draws it) survives.
 */
export const TOOL_INPUT_MAX_DEPTH = 64

const REFUSED_KEY = 'frogbot:refused'
const REFUSED_VALUE = `input nested more than ${TOOL_INPUT_MAX_DEPTH} levels deep`

/** Why a refused input is invalid: the tool error the model and the person read. */
export const TOOL_INPUT_TOO_DEEP = `The tool input is nested more than ${TOOL_INPUT_MAX_DEPTH} levels deep, FrogBot's limit for tool inputs; send a flatter input.`

/**
 * Measures the nesting of JSON text fed in pieces, as a model streams a tool input: objects and
 * arrays outside strings, escapes included. Never parses, never recurses.
 */
export function jsonDepthMeter() {
  let depth = 0
  let deepest = 0
  let inString = false
  let escaped = false
  return {
    feed(text: string) {
      for (let index = 0; index < text.length; index++) {
        const char = text.charCodeAt(index)
        if (inString) {
          if (escaped) escaped = false
          else if (char === 0x5c) escaped = true
          else if (char === 0x22) inString = false
        } else if (char === 0x22) inString = true
        else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth)
        else if (char === 0x7d || char === 0x5d) depth--
      }
    },
    /** The deepest nesting seen so far (`{}` is 1). */
    get deepest() {
      return deepest
    }
  }
}

/** True when the JSON text `text` nests deeper than {@link TOOL_INPUT_MAX_DEPTH}. */
export function isTooDeep(text: string): boolean {
  const meter = jsonDepthMeter()
  meter.feed(text)
  return meter.deepest > TOOL_INPUT_MAX_DEPTH
}

/** The input a refused call carries instead of its own: small, and marked for {@link boundedInputSchema}. */
const refusedInput = () => JSON.stringify({ [REFUSED_KEY]: REFUSED_VALUE })

function isRefused(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Record<string, unknown>)[REFUSED_KEY] === REFUSED_VALUE && Object.keys(value).length === 1
}

/**
 * A tool's input schema that fails a refused input (see {@link boundedToolInputs}) with
 * {@link TOOL_INPUT_TOO_DEEP}, so the call becomes a tool error that names the limit, and checks
 * every other input with `schema`.
 */
export function boundedInputSchema(schema: Schema): Schema {
  return jsonSchema(() => schema.jsonSchema, {
    validate: (value) => (isRefused(value) ? { success: false, error: new Error(TOOL_INPUT_TOO_DEEP) } : schema.validate ? schema.validate(value) : { success: true, value })
  })
}

/**
 * The rule over model responses (see `partMiddleware`) that keeps tool inputs within
 * {@link TOOL_INPUT_MAX_DEPTH}: a call whose input nests deeper gets a small marked input instead
 * (its streamed input stops at the limit), which {@link boundedInputSchema} turns into a tool error
 * the model can read and correct. The turn goes on, and the stream and the stored chat never hold
 * the deep value.
 */
export const toolInputBounds: PartRule = () => {
  const meters = new Map<string, ReturnType<typeof jsonDepthMeter>>()
  return (part: ModelPart): ModelPart | null => {
    if (part.type === 'tool-input-delta' && part.id !== undefined && typeof part.delta === 'string') {
      let meter = meters.get(part.id)
      if (!meter) meters.set(part.id, (meter = jsonDepthMeter()))
      if (meter.deepest > TOOL_INPUT_MAX_DEPTH) return null
      meter.feed(part.delta)
      return meter.deepest > TOOL_INPUT_MAX_DEPTH ? null : part
    }
    if (part.type === 'tool-call' && typeof part.input === 'string' && isTooDeep(part.input)) return { ...part, input: refusedInput() }
    return part
  }
}

/** {@link toolInputBounds} as a model middleware of its own. */
export function boundedToolInputs(): LanguageModelMiddleware {
  return partMiddleware(toolInputBounds)
}
