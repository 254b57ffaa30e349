import { convertArrayToReadableStream } from 'ai/test'
import { mockModel, textStep, toolStep } from './scripted-model.ts'

/** A question call's input, as the model sends it. */
export type AskedQuestions = { questions: { header: string; question: string; options: { label: string; description?: string }[]; multiple?: boolean; custom?: boolean }[] }

/**
 * The questions {@link promptedModel} asks, by the word a message asks for (`ask color`): `color`
 * (one choice of three, two with descriptions), `extras` (several picks), `size` (no own words),
 * `plan` (three questions at once).
 */
export const ASKED: Record<string, AskedQuestions> = {
  color: {
    questions: [{ header: 'Color', question: 'Which color should the shed be?', options: [{ label: 'Red', description: 'warm, shows dirt' }, { label: 'Blue' }, { label: 'Green', description: 'blends in' }] }]
  },
  extras: { questions: [{ header: 'Extras', question: 'What should the shed have?', options: [{ label: 'Window' }, { label: 'Shelves' }, { label: 'Lock' }], multiple: true }] },
  size: { questions: [{ header: 'Size', question: 'How big?', options: [{ label: 'Small' }, { label: 'Large' }], custom: false }] },
  plan: {
    questions: [
      { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }] },
      { header: 'Extras', question: 'What should it have?', options: [{ label: 'Window' }, { label: 'Shelves' }, { label: 'Lock' }], multiple: true },
      { header: 'When', question: 'When should it be built?', options: [{ label: 'This month' }, { label: 'Next year' }], custom: false }
    ]
  }
}

type Prompt = { role: string; content: unknown }[]

/** A step that streams `text` in one piece (`textStep` streams a piece per word). */
const wholeText = (text: string) => textStep(text).filter((part, index, parts) => part.type !== 'text-delta' || index === parts.findIndex((first) => first.type === 'text-delta')).map((part) => (part.type === 'text-delta' ? { ...part, delta: text } : part))

/** The text of the last message of `prompt` if a person wrote it, or `null`. */
function lastUserText(prompt: Prompt): string | null {
  const last = prompt.at(-1)
  if (last?.role !== 'user') return null
  const parts = Array.isArray(last.content) ? last.content : [{ type: 'text', text: String(last.content) }]
  return parts.flatMap((part: { type: string; text?: string }) => (part.type === 'text' && part.text ? [part.text] : [])).join(' ')
}

/** The output of the last tool result of `prompt`, when the prompt ends with one. */
function lastToolOutput(prompt: Prompt): unknown {
  const last = prompt.at(-1)
  if (last?.role !== 'tool' || !Array.isArray(last.content)) return undefined
  const result = last.content.findLast((part: { type: string }) => part.type === 'tool-result') as { output?: { value?: unknown } } | undefined
  return result?.output?.value
}

/**
 * A model that plays by what was said, so that one FrogBot serves every conversation of a test
 * file in any order: a message with `ask <name>` asks `asked[name]`, else {@link ASKED}`[name]`
 * (`Let me ask.` before it), `long <n>` answers `n` lines of text (`Line 1 of a long reply.`…),
 * an answer is repeated back (`Noted: {answers…}`), any other message is echoed (`You said: …`). A test adds calls of its own to `asked` (a platform's message may
 * be too short for some). Made for a piece's tests, where people in threads drive the model.
 */
export function promptedModel({ asked = {} }: { asked?: Record<string, unknown> } = {}) {
  let calls = 0
  return mockModel({
    doStream: async ({ prompt }) => {
      const answered = lastToolOutput(prompt as Prompt)
      if (answered !== undefined) return { stream: convertArrayToReadableStream(wholeText(`Noted: ${JSON.stringify(answered)}`) as never[]) }
      const text = lastUserText(prompt as Prompt) ?? ''
      const named = /\bask (\w+)/.exec(text)
      const long = /\blong (\d+)/.exec(text)
      const input = named ? (asked[named[1]] ?? ASKED[named[1]]) : undefined
      const step = input
        ? toolStep([{ toolCallId: `call_${++calls}`, toolName: 'question', input }], 'Let me ask.')
        : long
          ? textStep(Array.from({ length: Number(long[1]) }, (_, index) => `Line ${index + 1} of a long reply.`).join('\n'))
          : wholeText(`You said: ${text}`)
      return { stream: convertArrayToReadableStream(step as never[]) }
    }
  })
}
