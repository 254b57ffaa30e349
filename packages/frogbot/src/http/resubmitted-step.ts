import { isToolUIPart, type UIMessage } from 'ai'
import { type ChatState, MCP_ELICITATION_KIND } from '@frogbotai/protocol'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import type { Caller } from '../contract/caller.ts'
import type { SettleInput } from '../contract/turns.ts'
import { toolNameOf } from '../turns/transcript.ts'
import { forCaller, type HttpContext } from './http-context.ts'
import { resubmissionInputs } from './resubmission.ts'

/** Whether the browser's copy `message` carries a decision on a call of one of `approvalTools`. */
function decidesApproval(message: UIMessage, approvalTools: ReadonlySet<string>): boolean {
  return message.parts.some((part) => isToolUIPart(part) && part.state === 'approval-responded' && approvalTools.has(toolNameOf(part)))
}

/**
 * A `useChat` resubmission (the browser's copy of the assistant message, `message`, at
 * `messages[index]` of the body) read against the stored chat: the chat's `state` and what the
 * resubmission asks to settle (see `resubmissionInputs`), checked against the calls still waiting.
 * The chat's messages are read only when the copy carries an approval decision (its stored
 * approval id is checked); otherwise its waiting calls alone. Throws what the engine's reads throw
 * (`not-found` for a chat `req` cannot read) and `bad-request` for a malformed decision.
 */
export async function resubmittedStep(
  engine: HttpContext['engine'],
  { chatId, agent, req }: { chatId: string; agent: ResolvedAgent; req: Caller },
  message: UIMessage,
  index: number
): Promise<{ state: ChatState; inputs: SettleInput[]; waiting: ReadonlySet<string> }> {
  const approvalTools = new Set(agent.approvalTools.keys())
  const options = { chatId, agentSlug: agent.slug, req }
  const read = decidesApproval(message, approvalTools) ? await forCaller(req, engine.readChat(options)) : null
  const { state, pending } = read ? { state: read.chat.state, pending: read.pending } : await forCaller(req, engine.pending(options))
  const approvalIds = new Map<string, string>()
  const asked = read?.messages.findLast((entry) => entry.role === 'assistant') as UIMessage | undefined
  for (const part of asked?.parts ?? []) if (isToolUIPart(part) && part.approval) approvalIds.set(part.toolCallId, part.approval.id)
  const waiting = new Map(pending.map((call) => [call.toolCallId, { input: call.input, approvalId: approvalIds.get(call.toolCallId) }]))
  // An MCP tool's request for input is a server tool's call the person answers like a client tool's.
  const elicitations = new Set(pending.filter((call) => call.kind === MCP_ELICITATION_KIND).map((call) => call.toolCallId))
  const inputs = resubmissionInputs(message, index, { clientTools: new Set(agent.clientTools.keys()), approvalTools, elicitations }, waiting)
  return { state, inputs, waiting: new Set(waiting.keys()) }
}

/** The states a tool part is in once the browser answered or decided it. */
const ANSWERED = new Set(['output-available', 'output-error', 'approval-responded'])

/**
 * The answers the browser's copy of the assistant message before a new user message carries for
 * calls still waiting (`message`, at `messages[index]` of the body): useChat's `addToolOutput`
 * without `sendAutomaticallyWhen` sends them with the next message (AI SDK, "Chatbot Tool
 * Usage"). Read as a resubmission reads them (see {@link resubmittedStep}); the chat is read only
 * when the message's last step holds an answered or decided tool part. Empty when there is none.
 */
export async function answersBeforeMessage(engine: HttpContext['engine'], context: { chatId: string; agent: ResolvedAgent; req: Caller }, message: UIMessage, index: number): Promise<SettleInput[]> {
  const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
  if (!message.parts.slice(stepStart + 1).some((part) => isToolUIPart(part) && ANSWERED.has(part.state))) return []
  const { inputs, waiting } = await resubmittedStep(engine, context, message, index)
  return inputs.filter((input) => waiting.has(input.toolCallId))
}
