import { convertArrayToReadableStream } from 'ai/test'
import { colorQuestion, mockModel, textStep, toolStep } from '../../src/testing/scripted-model.ts'

type PromptMessage = { role: string; content: unknown }

function lastText(prompt: PromptMessage[]): string {
  const last = prompt.at(-1)
  if (!last || !Array.isArray(last.content)) return String(last?.content ?? '')
  return (last.content as { type: string; text?: string }[]).filter((part) => part.type === 'text').map((part) => part.text).join('')
}

/**
 * A deterministic model driven by the prompt, so every door (and a second process) can share it
 * without a per-test script:
 * - a user message starting `ask two` asks two client calls in one step (`question` and `pick_file`);
 * - one with the word `approve` calls `send_invoice`, which needs approval;
 * - one starting `ask` asks the `question` (the seed's color question);
 * - any other user message gets the text `Reply to: <text>`;
 * - after tool results it continues with `Continued after <n> results.`
 * Tool call ids are unique (`q_1`, `f_2`, …). `calls` counts model calls by the chat's first user text.
 */
export function doorModel() {
  let next = 0
  const calls = new Map<string, number>()
  const model = mockModel({
    doStream: async ({ prompt }) => {
      const messages = prompt as PromptMessage[]
      const first = lastText(messages.filter((message) => message.role === 'user').slice(0, 1))
      calls.set(first, (calls.get(first) ?? 0) + 1)
      const last = messages.at(-1)!
      let step
      if (last.role === 'tool') step = textStep(`Continued after ${(last.content as unknown[]).length} results.`)
      else {
        const text = lastText(messages)
        if (/\bapprove\b/.test(text)) step = toolStep([{ toolCallId: `i_${++next}`, toolName: 'send_invoice', input: { to: 'ACME', amount: 500 } }], 'Sending it.')
        else if (text.startsWith('ask two')) {
          step = toolStep(
            [
              { toolCallId: `q_${++next}`, toolName: 'question', input: colorQuestion },
              { toolCallId: `f_${++next}`, toolName: 'pick_file', input: { files: ['a.txt', 'b.txt'] } }
            ],
            'Two things first.'
          )
        } else if (text.startsWith('ask')) step = toolStep([{ toolCallId: `q_${++next}`, toolName: 'question', input: colorQuestion }], 'Let me ask.')
        else step = textStep(`Reply to: ${text}`)
      }
      return { stream: convertArrayToReadableStream(step as never[]) }
    }
  })
  return { model, callsFor: (firstUserText: string) => calls.get(firstUserText) ?? 0 }
}
