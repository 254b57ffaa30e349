import { convertArrayToReadableStream } from 'ai/test'
import { mockModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'

/**
 * A model that plays by the last message: a tool result is noted (`Noted.`); a person's message
 * that contains a word of `calls` makes that call (a fresh `call_<n>` id), else `otherwise`, else
 * it says `Hello.`. For suites where several people ask in any order.
 */
export function keywordModel(calls: Record<string, { toolName: string; input: unknown }>, otherwise?: { toolName: string; input: unknown }) {
  let made = 0
  return mockModel({
    doStream: async ({ prompt }) => {
      const last = prompt.at(-1)!
      const stream = (parts: unknown[]) => ({ stream: convertArrayToReadableStream(parts as never[]) })
      if (last.role === 'tool') return stream(textStep('Noted.'))
      const text = (last.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join(' ')
      const call = Object.entries(calls).find(([word]) => text.includes(word))?.[1] ?? otherwise
      return stream(call ? toolStep([{ toolCallId: `call_${++made}`, ...call }]) : textStep('Hello.'))
    }
  })
}
