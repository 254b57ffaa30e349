import { inputRequired, type McpServer, type ServerContext } from '@modelcontextprotocol/server'
import { QuestionOutput } from '@frogbotai/protocol'
import type { UIMessage } from 'ai'
import type { Caller } from '../../contract/caller.ts'
import type { ChannelPiece } from '../../contract/piece.ts'
import type { Engine } from '../../turns/engine.ts'
import { callResult } from '../../turns/ask-question.ts'
import { refuseBrokenText } from '../../turns/rules/nul-text.ts'
import { refuseUnreadableQuestions } from './ask-human-text.ts'
import { AskHumanInput, parseAskHumanInput } from './ask-human-input.ts'
import type { signedStates, WaitState } from './signed-state.ts'
import { continuesElsewhere, isClosed, legacyShutdownResult } from './shutdown-round.ts'

/** What an MCP tool of the door needs: the engine, the caller, the signed states and the wait of one round. */
export type McpToolContext = {
  engine: Engine
  req: Caller
  states: ReturnType<typeof signedStates>
  waitMs: number
}

/**
 * Waits up to `waitMs` for call `toolCallId` of chat `chatId` to end, reading the chat as `req`
 * every 250 ms (any process may settle it): `waiting`, `answered` with the output, or `failed`;
 * `closing` as soon as this FrogBot shuts down (the question still waits, for another process).
 */
export async function waitForCall(engine: Engine, { chatId, toolCallId, req, waitMs }: { chatId: string; toolCallId: string; req: Caller; waitMs: number }) {
  const until = Date.now() + waitMs
  const closing = { status: 'closing' as const }
  for (;;) {
    if (engine.services.closing) return closing
    const read = await engine.readChat({ chatId, req }).catch((error: unknown) => {
      if (isClosed(error)) return null
      throw error
    })
    if (!read) return closing
    const result = callResult(read.messages as unknown as UIMessage[], toolCallId)
    if (result.status !== 'waiting' || Date.now() >= until) return result
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, Math.max(0, until - Date.now()))))
  }
}

/**
 * An MCP tool result for a call that ended or still waits: the answer, a tool error, or
 * `input_required` with a new signed state. A round cut by this server shutting down is answered
 * as one that waited `waitMs`, so that the client asks again, on another server or after the
 * restart; a 2025-revision call (held open in this process) gets {@link legacyShutdownResult}.
 */
export async function waitResult(context: McpToolContext, ctx: ServerContext, { chatId, toolCallId }: Omit<WaitState, 'nonce'>) {
  // The key is loaded before the wait: a round cut by a shutdown mints its state without the database.
  await context.states.ready()
  const result = await waitForCall(context.engine, { chatId, toolCallId, req: context.req, waitMs: context.waitMs })
  if (result.status === 'closing' && !continuesElsewhere(ctx)) return legacyShutdownResult(chatId)
  if (result.status === 'waiting' || result.status === 'closing') {
    return inputRequired({ requestState: await context.states.mint({ chatId, toolCallId, nonce: context.engine.services.newId('nonce') }, ctx) })
  }
  if (result.status === 'failed') return { isError: true, content: [{ type: 'text' as const, text: result.errorText }] }
  return { content: [{ type: 'text' as const, text: JSON.stringify(result.output) }], structuredContent: result.output as Record<string, unknown> }
}

/**
 * Registers `ask_human` (docs/protocols/mcp.md): input the seed's `QuestionInput` (parsed by
 * `parseAskHumanInput`, a refusal naming its field once below `arguments.`), output its
 * `QuestionOutput`. The first round asks in a new chat of `agentSlug` owned by the caller (see
 * `askQuestion`); each round waits up to `waitMs` and answers the person's answer, a tool error
 * (`Dismissed by the user.`, an expiry), or `input_required` with a signed state naming the chat and
 * call, which the client's SDK sends back to wait again (also when this server shuts down mid-round,
 * see {@link waitResult}). With `channel` (`mcp.channel`), the piece
 * first opens a conversation whose first message is the prompt, and the chat is that conversation.
 */
export function registerAskHuman(server: McpServer, context: McpToolContext, agentSlug: string | undefined, channel?: ChannelPiece): void {
  server.registerTool(
    'ask_human',
    {
      title: 'Ask a person',
      description:
        'Ask a person one or more multiple-choice questions and wait for their answer. The question reaches them in FrogBot (its chat, inbox and channels); the result has one answer per question, in order.',
      inputSchema: AskHumanInput,
      outputSchema: QuestionOutput
    },
    async (args: unknown, ctx: ServerContext) => {
      // Parsed here, not by the SDK, so that a refusal names its field once (`arguments.questions.0.header`).
      const input = parseAskHumanInput(args, 'arguments')
      const state = ctx.mcpReq.requestState<WaitState>()
      if (state && typeof state === 'object') return waitResult(context, ctx, state)
      if (!agentSlug) return { isError: true, content: [{ type: 'text' as const, text: 'No agent with the question tool is open to this token.' }] }
      // Checked before a piece opens a conversation with the prompt; `askQuestion` checks it again.
      refuseBrokenText(input, ['arguments'])
      // Blank text, or a header over 30 UTF-16 units, would reach a person as empty buttons or cut.
      refuseUnreadableQuestions(input, 'arguments')
      const prompt = `Asked through MCP: ${input.questions.map((question) => question.question).join(' ')}`
      const opened = channel?.openThread ? { piece: channel.piece, instance: channel.instance, ...(await channel.openThread({ text: prompt })) } : null
      const asked = await context.engine.ask({ agentSlug, req: context.req, input, prompt, field: 'arguments', channel: opened })
      return waitResult(context, ctx, asked)
    }
  )
}
