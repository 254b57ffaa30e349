import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test'
import { z } from 'zod'
import type { Tool } from '../../src/index.ts'
import type { textStep } from '../../src/testing/scripted-model.ts'

type Step = ReturnType<typeof textStep>

/** The seed's "Build a client tool" sample, verbatim (kept once, in test/seed). */
export { pickFile } from '../seed/pick-file.seed.ts'

export const pickFileCall = { toolCallId: 'call_file', toolName: 'pick_file', input: { files: ['a.txt', 'b.txt'] } }

/** A server tool `lookup` whose `execute` calls are counted in `calls`. */
export function lookupTool() {
  const calls: unknown[] = []
  const tool: Tool<z.ZodObject<{ q: z.ZodString }>> = {
    slug: 'lookup',
    description: 'Look something up.',
    inputSchema: z.object({ q: z.string() }),
    execute: async (input) => {
      calls.push(input)
      return { found: `result for ${input.q}` }
    }
  }
  return { tool, calls }
}

type PromptMessage = { role: string; content: unknown }
type PromptPart = { type: string; toolCallId?: string; toolName?: string; output?: { type: string; value: unknown } }

/** The parts of every message of `role` in a model prompt (`doStreamCalls[i].prompt`). */
function partsOf(prompt: unknown, role: string): PromptPart[] {
  return (prompt as PromptMessage[])
    .filter((message) => message.role === role && Array.isArray(message.content))
    .flatMap((message) => message.content as PromptPart[])
}

/** Tool calls in a model prompt: `toolCallId` → `toolName`. */
export function toolCallsIn(prompt: unknown): Map<string, string> {
  return new Map(partsOf(prompt, 'assistant').filter((part) => part.type === 'tool-call').map((part) => [part.toolCallId!, part.toolName!]))
}

/** Tool results in a model prompt: `toolCallId` → `output` (`{ type: 'json' | 'error-text' | ..., value }`). */
export function toolResultsIn(prompt: unknown): Map<string, { type: string; value: unknown }> {
  return new Map(partsOf(prompt, 'tool').filter((part) => part.type === 'tool-result').map((part) => [part.toolCallId!, part.output!]))
}

/** The texts of the user messages of a model prompt, in order. */
export function userTextsIn(prompt: unknown): string[] {
  return (prompt as PromptMessage[])
    .filter((message) => message.role === 'user')
    .map((message) =>
      Array.isArray(message.content)
        ? (message.content as { type: string; text?: string }[]).filter((part) => part.type === 'text').map((part) => part.text).join('')
        : String(message.content)
    )
}

/**
 * Like `scriptedModel`, but each scripted step can be served by `doGenerate` (what `agent.generate()`
 * uses) as well as by `doStream`. One shared script: the n-th model call, whichever kind, plays step n.
 * `calls` records every call's options (prompt, tools) in order.
 */
export function scriptedDualModel(steps: Step[]) {
  let next = 0
  const calls: { kind: 'generate' | 'stream'; tools?: { name: string }[]; prompt: unknown }[] = []
  const take = (kind: 'generate' | 'stream', options: { tools?: unknown; prompt: unknown }) => {
    calls.push({ kind, tools: options.tools as { name: string }[] | undefined, prompt: options.prompt })
    const step = steps[next++]
    if (!step) throw new Error(`scripted model: no step ${next} in the script`)
    return step as (Record<string, unknown> & { type: string })[]
  }
  const model = new MockLanguageModelV4({
    doStream: async (options) => ({ stream: convertArrayToReadableStream(take('stream', options) as never[]) }),
    doGenerate: async (options) => {
      const step = take('generate', options)
      const content: unknown[] = []
      for (const part of step) {
        if (part.type === 'text-delta') {
          const last = content.at(-1) as { type: string; text: string } | undefined
          if (last?.type === 'text') last.text += part.delta as string
          else content.push({ type: 'text', text: part.delta })
        }
        if (part.type === 'tool-call') content.push({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input })
      }
      const finish = step.find((part) => part.type === 'finish')!
      return { content, finishReason: finish.finishReason, usage: finish.usage, warnings: [] } as never
    }
  })
  return { model, calls }
}
