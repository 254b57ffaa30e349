import { type ModelMessage, ToolLoopAgent, type UIMessage, wrapLanguageModel } from 'ai'
import { localCaller } from '../auth/callers.ts'
import type { User } from '../contract/caller.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { CompleteTurn } from '@frogbotai/protocol'
import type { Engine } from '../turns/engine.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { buildToolSet } from '../agents/tool-set.ts'
import { boundedToolInputs } from '../agents/tool-input-depth.ts'
import { approvalGate } from '../turns/run/approval-gate.ts'

/**
 * Input of a local call: a `prompt` or model `messages`, optionally the `user` it runs for, and
 * `chatId` to run it as a stored turn of that chat (then only `prompt` is taken).
 */
export type LocalCallOptions = ({ prompt: string } | { messages: ModelMessage[] }) & { user?: User | null; abortSignal?: AbortSignal; chatId?: string }

/**
 * An agent called from the app's own code: `frogbot.agents[slug].generate()` / `.stream()`.
 * Nobody can answer a client tool here, so client tools are withheld (seed: "Where questions are
 * offered"); a call the model makes to one anyway becomes a tool error and the loop keeps running.
 * Nobody can approve either: a call that needs approval is denied (its tool does not run) and the
 * model reads why (docs/agents/approvals.md).
 * - Without `chatId` nothing is stored; both return the AI SDK's own result
 *   (`GenerateTextResult`, `StreamTextResult`).
 * - `generate({ prompt, chatId })` runs a stored turn of that chat (created, owned by `user`, when
 *   new) through the engine and resolves its `CompleteTurn`. It does not queue: a chat that is
 *   running or waiting for an answer rejects with `FrogbotError('turn-in-progress')`, a channel
 *   conversation with `channel-chat`, another user's chat with `not-found`.
 */
export type LocalAgent = ReturnType<typeof localAgent>

export function localAgent(engine: Engine, agent: ResolvedAgent) {
  const prepare = async ({ user = null, chatId: _chatId, ...call }: LocalCallOptions) => {
    const req = localCaller(user)
    const offers = () => false
    const gate = { clientCallPending: false, approvalIds: new Map<string, string>(), started: new Set<string>() }
    const tools = buildToolSet({ tools: agent.tools, offers, gate, context: { req, agent: { slug: agent.slug, runId: engine.services.newId('run') }, chatId: null } })
    // Nobody can approve here: a call that needs approval is denied, never run (docs/agents/approvals.md).
    const { toolApproval } = approvalGate({ agent, req, chat: null, offers, approved: new Set(), log: engine.services.log })
    const loop = new ToolLoopAgent({
      model: wrapLanguageModel({ model: agent.model.model as Parameters<typeof wrapLanguageModel>[0]['model'], middleware: boundedToolInputs() }),
      instructions: await agent.instructions(req),
      tools,
      toolApproval: toolApproval as never,
      stopWhen: agent.stopWhen,
      experimental_download: agent.download
    })
    return { loop, call }
  }
  async function storedTurn({ chatId, user = null, ...call }: LocalCallOptions & { chatId: string }): Promise<CompleteTurn> {
    if (!('prompt' in call)) throw new FrogbotError('bad-request', 'generate({ chatId }): give the new user message as `prompt`')
    const message: UIMessage = { id: engine.services.newId('msg'), role: 'user', parts: [{ type: 'text', text: call.prompt }] }
    const sent = await engine.sendMessage({ agentSlug: agent.slug, chatId, message, req: localCaller(user), canQueue: false, field: 'prompt' })
    if (sent.status !== 'started') throw new FrogbotError('turn-in-progress', 'A turn is running or a question waits in this chat.')
    void sent.run.stream.cancel().catch(() => {})
    return (await sent.run.result) as CompleteTurn
  }
  function generate(options: LocalCallOptions & { chatId: string }): Promise<CompleteTurn>
  function generate(options: LocalCallOptions & { chatId?: undefined }): ReturnType<ToolLoopAgent['generate']>
  async function generate(options: LocalCallOptions) {
    if (options.chatId !== undefined) return storedTurn(options as LocalCallOptions & { chatId: string })
    const { loop, call } = await prepare(options)
    return loop.generate(call)
  }
  return {
    slug: agent.slug,
    generate,
    async stream(options: LocalCallOptions & { chatId?: undefined }) {
      const { loop, call } = await prepare(options)
      return loop.stream(call)
    }
  }
}
