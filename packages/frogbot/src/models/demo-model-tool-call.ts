import type { JSONSchema7, JSONSchema7Definition, LanguageModelV4FunctionTool } from '@ai-sdk/provider'
import { cutIndex } from '../text/clip-text.ts'

/**
 * How the offline demo model calls tools other than `question`: a tool is called when the latest
 * user message names it (`pick_file`, or every word of the name: `pick file`, "Pick a file"), and
 * its input is sampled from the tool's JSON Schema with values taken from the message.
 * Deterministic and dependency-free: the same message and schema always give the same input.
 */

/** The offered function tool that `userText` names, other than `exclude`; the longest name wins. */
export function namedTool(
  tools: readonly LanguageModelV4FunctionTool[],
  userText: string,
  exclude: string
): LanguageModelV4FunctionTool | undefined {
  const text = userText.toLowerCase()
  return tools
    .filter((tool) => tool.name !== exclude && mentions(text, tool.name))
    .sort((a, b) => b.name.length - a.name.length)[0]
}

// Named: the exact name, or every word of it as a word of the message ("Pick a file" names
// `pick_file`), so the demo can be driven in plain language.
function mentions(text: string, name: string): boolean {
  const words = name.toLowerCase().split(/[_\-\s]+/).filter(Boolean)
  return words.length > 0 && (text.includes(name.toLowerCase()) || words.every((word) => new RegExp(`\\b${escapeRegExp(word)}`).test(text)))
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const FILE_NAME = /^[\w-]+(?:\/[\w-]+)*\.[a-z0-9]{1,8}$/i

/**
 * Values the message offers for string fields, in the order they appear and without repeats: its
 * file names (`plan.md`) if it has any, else its quoted phrases, else the items listed after a colon
 * up to the end of that sentence, else the name after a last "to", capitalised ("Send the invoice
 * to ACME": `ACME`). Linear in the length of `userText`.
 */
export function offeredValues(userText: string): string[] {
  const text = userText
  const unique = (values: string[]) => [...new Set(values.filter(Boolean))]
  const files = text.split(/[\s,;:()"'<>[\]]+/).map((token) => token.replace(/[.?!]+$/, '')).filter((token) => FILE_NAME.test(token))
  if (files.length > 0) return unique(files)
  const quoted = [...text.matchAll(/"([^"]{1,80})"/g)].map((match) => match[1].trim())
  if (quoted.length > 0) return unique(quoted)
  const colon = text.indexOf(':')
  if (colon < 0) {
    const addressee = /\b[Tt]o\s+([A-Z0-9][^.,;!?]{0,60}?)\s*[.!?]?$/.exec(text.trim())
    return addressee ? [addressee[1].trim()] : []
  }
  const sentence = text.slice(colon + 1).split(/[.?!](?:\s|$)/)[0]
  return unique(sentence.split(/,|\bor\b|\band\b/).map((item) => item.trim()))
}

/**
 * Sample input for a tool's JSON Schema, filled from `values` (see {@link offeredValues}); string
 * fields about files get sample file names, other strings their field name.
 */
export function sampleInput(schema: JSONSchema7, values: readonly string[]): unknown {
  const state = { values, next: 0, samples: 0 }
  return sample(schema, 'value', state, 0)
}

type SampleState = { values: readonly string[]; next: number; samples: number }

/** File names for a field about files when the message names none. */
const SAMPLE_FILES = ['plan.md', 'notes.txt', 'budget.csv']

const MAX_DEPTH = 6

function sample(definition: JSONSchema7Definition, name: string, state: SampleState, depth: number): unknown {
  if (typeof definition === 'boolean' || depth > MAX_DEPTH) return null
  const schema = definition
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (schema.enum?.length) return schema.enum[0]
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0]
  if (choice !== undefined) return sample(choice, name, state, depth + 1)
  const type = Array.isArray(schema.type) ? schema.type.find((item: string) => item !== 'null') : schema.type
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {}
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        result[key] = sample(property, key, state, depth + 1)
      }
      return result
    }
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items
      const remaining = state.values.length - state.next
      const count = Math.max(schema.minItems ?? 1, Math.min(3, schema.maxItems ?? 3, remaining > 0 ? remaining : 2))
      return Array.from({ length: count }, (_, index) => sample(items ?? {}, `${name} ${index + 1}`, state, depth + 1))
    }
    case 'string': {
      const value = state.values[state.next]
      if (value !== undefined) state.next++
      const text = value ?? (/file/i.test(name) ? SAMPLE_FILES[state.samples++ % SAMPLE_FILES.length] : name)
      return schema.maxLength !== undefined ? text.slice(0, cutIndex(text, schema.maxLength)) : text
    }
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer')
    case 'boolean':
      return true
    default:
      return null
  }
}

/**
 * A number the schema accepts: 1 when it allows it, else its lowest (`minimum`, or one above
 * `exclusiveMinimum`: `z.number().positive()` is `exclusiveMinimum: 0`, which 0 breaks), else its
 * highest, or halfway between exclusive bounds closer than 1; a multiple of `multipleOf` where
 * the bounds leave one.
 */
function sampleNumber(schema: JSONSchema7, integer: boolean): number {
  const low = schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined)
  const high = schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined)
  const above = (value: number) => (schema.minimum !== undefined ? value >= low! : low === undefined || value > low)
  const below = (value: number) => (schema.maximum !== undefined ? value <= high! : high === undefined || value < high)
  const step = schema.multipleOf ?? (integer ? 1 : undefined)
  const candidates = [1, low, low === undefined ? undefined : low + 1, high, high === undefined ? undefined : high - 1]
  const stepped = (value: number) => (step === undefined ? value : Math.ceil(value / step) * step)
  for (const candidate of candidates) {
    if (candidate === undefined) continue
    const value = stepped(candidate)
    if (above(value) && below(value)) return value
  }
  return low !== undefined && high !== undefined ? (low + high) / 2 : (low ?? high ?? 1)
}
