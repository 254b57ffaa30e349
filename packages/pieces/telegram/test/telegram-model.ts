import { mockModel, textStep, toolStep } from 'frogbot/testing'
import { convertArrayToReadableStream } from 'ai/test'

/** The calls the tests' model asks, by the word a message asks for (`ask color`). */
export const ASKED: Record<string, unknown> = {
  color: { questions: [{ header: 'Color', question: 'Which color should the shed be?', options: [{ label: 'Red', description: 'warm' }, { label: 'Blue' }, { label: 'Green' }] }] },
  extras: { questions: [{ header: 'Extras', question: 'What should the shed have?', options: [{ label: 'Window' }, { label: 'Shelves' }, { label: 'Lock' }], multiple: true, custom: false }] },
  plan: {
    questions: [
      { header: 'Color', question: 'Which color?', options: [{ label: 'Red' }, { label: 'Blue' }], custom: false },
      { header: 'Extras', question: 'What should it have?', options: [{ label: 'Window' }, { label: 'Shelves' }, { label: 'Lock' }], multiple: true },
      { header: 'When', question: 'When should it be built?', options: [{ label: 'This month' }, { label: 'Next year' }] }
    ]
  },
  many: { questions: [{ header: 'Number', question: 'Pick a number.', options: Array.from({ length: 20 }, (_, index) => ({ label: `Option ${index + 1}` })), custom: false }] }
}

type Prompt = { role: string; content: unknown }[]

/** A step that streams `text` in one piece. */
const wholeText = (text: string) => {
  const parts = textStep(text)
  return parts.filter((part, index) => part.type !== 'text-delta' || index === parts.findIndex((first) => first.type === 'text-delta')).map((part) => (part.type === 'text-delta' ? { ...part, delta: text } : part))
}

const lastText = (prompt: Prompt) => {
  const last = prompt.at(-1)
  if (last?.role !== 'user') return ''
  const parts = Array.isArray(last.content) ? last.content : [{ type: 'text', text: String(last.content) }]
  return parts.flatMap((part: { type: string; text?: string }) => (part.type === 'text' && part.text ? [part.text] : [])).join(' ')
}

const lastToolOutput = (prompt: Prompt) => {
  const last = prompt.at(-1)
  if (last?.role !== 'tool' || !Array.isArray(last.content)) return undefined
  return (last.content.findLast((part: { type: string }) => part.type === 'tool-result') as { output?: { value?: unknown } } | undefined)?.output?.value
}

/**
 * A model that plays by what was said: `ask <name>` asks `asked[name]` or {@link ASKED}`[name]`
 * (`Let me ask.` first), `long <n>` answers `n` lines of text, an answer is repeated back
 * (`Noted: {answers…}`), anything else is echoed (`You said: …`).
 */
export function promptedModel({ asked = {} }: { asked?: Record<string, unknown> } = {}) {
  let calls = 0
  return mockModel({
    doStream: async ({ prompt }) => {
      const answered = lastToolOutput(prompt as Prompt)
      if (answered !== undefined) return { stream: convertArrayToReadableStream(wholeText(`Noted: ${JSON.stringify(answered)}`) as never[]) }
      const text = lastText(prompt as Prompt)
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
