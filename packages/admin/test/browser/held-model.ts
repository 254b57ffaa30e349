import type { LanguageModelV4CallOptions } from '@ai-sdk/provider'
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test'
import { textStep, toolStep } from '../../../frogbot/src/testing/scripted-model.ts'
import { scenarioModel } from '../../../ui/test/browser/server/scenario-model.ts'

/** The first words of a held reply; the rest comes once the journey lets it go. */
export const HELD_START = 'Thinking it over, held. '

/** The end of a held reply. */
export const HELD_END = 'Let go. Done.'

/**
 * The UI tests' scenario model, plus replies that stay open for as long as a journey needs: a user
 * message containing "held" streams {@link HELD_START}, then waits until `release()` (or the
 * request is aborted, as Stop does) before {@link HELD_END}. A user message starting "Deploy" or
 * "Connect billing" calls the planner's MCP tool `deploy` or `connect`. Timing-proof queued messages and Stop
 * on a busy machine, where a reply of a fixed length may end before the browser acts.
 */
export function heldScenarioModel() {
  const scripted = scenarioModel()
  let waiting: (() => void)[] = []
  let mcpCalls = 0
  const model = new MockLanguageModelV4({
    doStream: async (options: LanguageModelV4CallOptions) => {
      const last = options.prompt.at(-1)
      const text = last?.role === 'user' ? last.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ') : ''
      // The planner's MCP tools (see `mcp-deployer.ts`): "Deploy …" and "Connect billing" call them.
      if (last?.role === 'user' && /^deploy\b/i.test(text)) return { stream: convertArrayToReadableStream(toolStep([{ toolCallId: `call_mcp_${++mcpCalls}`, toolName: 'deploy', input: { service: 'checkout' } }], 'Deploying.') as never[]) }
      if (last?.role === 'user' && /^connect billing\b/i.test(text)) return { stream: convertArrayToReadableStream(toolStep([{ toolCallId: `call_mcp_${++mcpCalls}`, toolName: 'connect', input: {} }]) as never[]) }
      if (!/\bheld\b/i.test(text)) return scripted.doStream(options)
      const [start, open, , ...rest] = textStep(`${HELD_START}x`)
      const end = rest.slice(-2)
      const stream = new ReadableStream({
        async start(controller) {
          controller.enqueue(start)
          controller.enqueue(open)
          controller.enqueue({ type: 'text-delta', id: 't1', delta: HELD_START })
          await new Promise<void>((resolve) => {
            waiting.push(resolve)
            options.abortSignal?.addEventListener('abort', () => resolve(), { once: true })
          })
          if (options.abortSignal?.aborted) return controller.close()
          controller.enqueue({ type: 'text-delta', id: 't1', delta: HELD_END })
          for (const part of end) controller.enqueue(part)
          controller.close()
        }
      })
      return { stream: stream as never }
    }
  })
  const release = () => {
    const now = waiting
    waiting = []
    for (const resolve of now) resolve()
  }
  return { model, release }
}
