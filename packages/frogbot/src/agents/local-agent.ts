import { type ModelMessage, ToolLoopAgent } from 'ai'
import { localRequest, type User } from '../auth/frogbot-request.ts'
import type { TurnServices } from '../turns/turn-environment.ts'
import type { ResolvedAgent } from './resolve-agents.ts'
import { buildToolSet } from './tool-set.ts'
import { modelFileDownload } from '../models/file-downloads.ts'

/** Input of a local call: a `prompt` or model `messages`, and optionally the `user` it runs for. */
export type LocalCallOptions = ({ prompt: string } | { messages: ModelMessage[] }) & { user?: User | null; abortSignal?: AbortSignal }

/**
 * An agent called from code: `frogbot.agents[slug].generate()` / `.stream()`. Nobody can answer a
 * client tool here, so client tools are withheld (seed: "Where questions are offered"); a call the
 * model makes to one anyway becomes a tool error and the loop keeps running. Nothing is stored.
 * Both return the AI SDK's own result (`GenerateTextResult`, `StreamTextResult`).
 */
export type LocalAgent = ReturnType<typeof localAgent>

export function localAgent(services: TurnServices, agent: ResolvedAgent) {
  const prepare = async ({ user = null, ...call }: LocalCallOptions) => {
    const req = localRequest(user)
    const tools = buildToolSet({
      tools: agent.tools,
      offerClientTools: false,
      gate: { clientCallPending: false },
      context: { req, agent: { slug: agent.slug, runId: services.newId('run') }, chatId: null }
    })
    const loop = new ToolLoopAgent({ model: agent.model.model, instructions: await agent.instructions(req), tools, stopWhen: agent.stopWhen, experimental_download: modelFileDownload(agent.files) })
    return { loop, call }
  }
  return {
    slug: agent.slug,
    async generate(options: LocalCallOptions) {
      const { loop, call } = await prepare(options)
      return loop.generate(call)
    },
    async stream(options: LocalCallOptions) {
      const { loop, call } = await prepare(options)
      return loop.stream(call)
    }
  }
}
