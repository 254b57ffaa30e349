import { CLIENT_CAPABILITIES_META_KEY, inputRequired, type McpServer, type ServerContext } from '@modelcontextprotocol/server'
import type { PendingCall, TurnResult } from '@frogbotai/protocol'
import { z } from 'zod'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { SettleOutcome } from '../../contract/turns.ts'
import type { McpToolContext } from './ask-human-tool.ts'
import type { WaitState } from './signed-state.ts'
import { onlyQuestions, questionAnswers, questionElicitation } from './question-elicitation.ts'
import { isClosed } from './shutdown-round.ts'
import { settlementOf } from '../../turns/rules/close-calls.ts'
import type { StoredMessage } from '../../store/chat-records.ts'
import { settledSentence } from '../../turns/rules/settled-text.ts'

const AgentToolInput = z.strictObject({
  prompt: z.string().min(1).describe('The message to the agent.'),
  chatId: z.string().optional().describe('Continue this chat (from an earlier result); leave it out to start a new one.')
})

/** Whether the MCP client of this request answers form elicitations (its per-request capabilities, MCP 2026-07-28). */
function elicits(ctx: ServerContext): boolean {
  const capabilities = (ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as { elicitation?: { form?: unknown } } | undefined
  return Boolean(capabilities?.elicitation)
}

/**
 * The tool result of a turn result: its text; or, stopped at questions the client can answer as
 * forms, `input_required` with one form per question call and a signed state naming the chat and
 * calls; or `status: "awaiting-input"` with the chat and the pending calls.
 */
async function turnToolResult(context: McpToolContext, ctx: ServerContext, result: TurnResult) {
  if (result.status === 'awaiting-input') {
    if (elicits(ctx) && onlyQuestions(result.pending)) return forms(context, ctx, result.chatId, result.pending)

    const questions = result.pending.map((call) => `${call.toolName} (${call.toolCallId}): ${JSON.stringify(call.input)}`).join('\n')
    return {
      content: [{ type: 'text' as const, text: `The agent waits for an answer in FrogBot chat ${result.chatId}:\n${questions}` }],
      structuredContent: result as unknown as Record<string, unknown>
    }
  }
  return { content: [{ type: 'text' as const, text: result.text }], structuredContent: result as unknown as Record<string, unknown> }
}

/**
 * `input_required` with one form per question call of `pending` (in chat `chatId`) and a new
 * signed state naming them; `problem`, why the forms are asked again, heads each form's message.
 */
async function forms(context: McpToolContext, ctx: ServerContext, chatId: string, pending: PendingCall[], problem?: string) {
  const inputRequests = Object.fromEntries(pending.map((call) => [call.toolCallId, questionElicitation(call, problem)]))
  const calls = pending.map((call) => call.toolCallId)
  const state: WaitState = { chatId, toolCallId: calls[0], calls, nonce: context.engine.services.newId('nonce') }
  return inputRequired({ inputRequests, requestState: await context.states.mint(state, ctx) })
}

/** Why forms are asked again when this server shut down before their answers were settled. */
export const SHUTDOWN_PROBLEM = 'FrogBot was shutting down before your answers were taken; answer again.'

/** Whether the settle door refused the answers themselves (a rule of an answer), so that the forms are asked again. */
const refusedAnswer = (error: unknown): error is FrogbotError =>
  FrogbotError.isInstance(error) && (error.code === 'invalid-output' || error.code === 'bad-request')

/** The tool result after the client's forms were settled: the continuation's, the calls still waiting, or the dismissal. */
async function settledToolResult(context: McpToolContext, ctx: ServerContext, outcome: SettleOutcome) {
  if (outcome.kind === 'continued') return turnToolResult(context, ctx, await outcome.run.result)
  if (outcome.kind === 'ended') {
    const ended = { status: 'complete', chatId: outcome.chatId, messageId: outcome.messageId, text: '' }
    return { content: [{ type: 'text' as const, text: '' }], structuredContent: ended }
  }
  if (outcome.kind === 'dismissed') {
    const dismissed = { status: 'dismissed', chatId: outcome.chatId, messageId: outcome.messageId, state: outcome.state }
    return { content: [{ type: 'text' as const, text: `Dismissed: the agent stops here (chat ${outcome.chatId}).` }], structuredContent: dismissed }
  }
  const waiting = { status: 'awaiting-input', chatId: outcome.chatId, pending: outcome.pending }
  return { content: [{ type: 'text' as const, text: `Other calls still wait in FrogBot chat ${outcome.chatId}.` }], structuredContent: waiting }
}

/**
 * What an answer to forms whose calls no longer wait is told, true to how they ended (their
 * settlements, docs/chat/turns.md): `The questions of chat C were answered elsewhere; read the
 * chat.`, `… were dismissed; …`, `… were cancelled: the turn was stopped; …` (Stop in the chat),
 * `… expired without an answer; …`. Calls that ended differently are told one by one
 * (`… were closed elsewhere: call "call_1" was answered elsewhere; call "call_2" was dismissed;
 * read the chat.`); calls the chat no longer records, `… no longer wait; read the chat.`
 */
async function closedElsewhere(
  context: McpToolContext,
  { chatId, agentSlug, calls }: { chatId: string; agentSlug: string; calls: string[] }
): Promise<string> {
  const read = await context.engine.readChat({ chatId, agentSlug, req: context.req })
  const messages = read.messages as unknown as StoredMessage[]
  const holding = (toolCallId: string) =>
    messages.find((message) => message.settlements.some((entry) => entry.toolCallId === toolCallId)) ?? null
  const settled = calls.map((toolCallId) => settlementOf(holding(toolCallId), toolCallId))
  const subject = `The questions of chat ${chatId}`
  if (settled.some((settlement) => settlement === null)) return `${subject} no longer wait; read the chat.`
  const known = settled as NonNullable<(typeof settled)[number]>[]
  const alike = known.map((settlement) => settledSentence('', true, settlement))
  if (alike.every((sentence) => sentence === alike[0])) {
    return `${settledSentence(subject, true, known[0])}; read the chat.`
  }
  const each = known.map((settlement) => {
    return settledSentence(`call ${JSON.stringify(settlement.toolCallId)}`, false, settlement)
  })
  return `${subject} were closed elsewhere: ${each.join('; ')}; read the chat.`
}

/**
 * Registers `agent_<slug>` for `agent` (docs/protocols/mcp.md): input `{ prompt, chatId? }`, sent
 * to the agent as the caller. A turn that completes answers its text (`structuredContent` the
 * turn result). One that stops at questions is handed to a client that answers forms as MCP
 * elicitations (`input_required`); their answers settle through the settle door (a declined form
 * dismisses) and the turn continues; answers the door refuses, or a form left without a response,
 * are asked again, the forms' message saying why. Otherwise it answers `status: "awaiting-input"` with the
 * `chatId` and the `pending` calls, to be answered in FrogBot; a queued message answers `status: "queued"`.
 */
export function registerAgentTool(server: McpServer, context: McpToolContext, agent: ResolvedAgent): void {
  server.registerTool(
    `agent_${agent.slug}`,
    {
      title: agent.profile?.name ?? agent.slug,
      description: `Send a message to the FrogBot agent "${agent.slug}"${agent.profile?.description ? `: ${agent.profile.description}` : ''}. Its reply may stop at a question a person answers.`,
      inputSchema: AgentToolInput
    },
    async ({ prompt, chatId }: z.output<typeof AgentToolInput>, ctx: ServerContext) => {
      const { engine, req } = context
      const state = ctx.mcpReq.requestState<WaitState>()
      if (state && typeof state === 'object' && state.calls) {
        const { pending } = await engine.pending({ chatId: state.chatId, agentSlug: agent.slug, req })
        const asked = pending.filter((call) => state.calls!.includes(call.toolCallId))
        if (asked.length === 0) {
          const closed = { chatId: state.chatId, agentSlug: agent.slug, calls: state.calls }
          const text = await closedElsewhere(context, closed)
          return { isError: true, content: [{ type: 'text' as const, text }] }
        }
        // A form without a response of its own, a field of the wrong type or one the form does
        // not have, or answers a rule refuses, are asked again (the state is single-use).
        let outcome: SettleOutcome
        try {
          const inputs = questionAnswers(asked, ctx.mcpReq.inputResponses)
          const unanswered = 'Each form needs a response: accept, decline or cancel it.'
          if (!inputs) return forms(context, ctx, state.chatId, asked, unanswered)
          outcome = await engine.settle({ chatId: state.chatId, agentSlug: agent.slug, inputs, req, wholeStep: true })
        } catch (error) {
          if (refusedAnswer(error)) return forms(context, ctx, state.chatId, asked, `${error.message}; answer again.`)
          // This server shut down before the answers were taken: the questions still wait, so they are
          // asked again, and the answers go to the next server (the state's key is loaded: no database).
          if (isClosed(error)) return forms(context, ctx, state.chatId, asked, SHUTDOWN_PROBLEM)
          throw error
        }
        return settledToolResult(context, ctx, outcome)
      }
      const message = { id: engine.services.newId('msg'), role: 'user' as const, parts: [{ type: 'text' as const, text: prompt }] }
      const sent = await engine.sendMessage({ agentSlug: agent.slug, chatId, message, req, field: 'prompt' })
      if (sent.status === 'queued') {
        const queued = { status: 'queued', chatId: sent.chatId, messageId: sent.messageId }
        return { content: [{ type: 'text' as const, text: `Queued in chat ${sent.chatId}: a turn runs or a question waits there.` }], structuredContent: queued }
      }
      void sent.run.stream.cancel().catch(() => {})
      return turnToolResult(context, ctx, await sent.run.result)
    }
  )
}
