import type { ToolApprovalConfiguration, ToolSet } from 'ai'
import { APPROVAL_KIND, NEEDS_APPROVAL_FAILED_TEXT, NO_APPROVER_TEXT } from '@frogbotai/protocol'
import type { Caller } from '../../contract/caller.ts'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import type { ChatRecord } from '../../store/chat-records.ts'

/** What is decided for one tool call: it runs (`not-applicable`), waits for a person, or is denied by FrogBot with a reason. */
type Decision = { type: 'not-applicable' } | { type: 'user-approval' } | { type: 'denied'; reason: string }

/** A tool call as the AI SDK hands it to `toolApproval` and to `onLanguageModelCallEnd`. */
type ToolCallLike = { toolCallId: string; toolName: string; input: unknown }

const parsedInput = (input: unknown) => {
  if (typeof input !== 'string') return input
  try {
    return JSON.parse(input) as unknown
  } catch {
    return input
  }
}

/**
 * Decides once per tool call of a turn (of `chat`; `null` for the app's own call without one) whether it waits for a person's approval before its tool
 * runs (docs/agents/approvals.md), for the AI SDK's `toolApproval` and for the step gate (a step
 * with a call waiting for approval skips its other server tools, as a step with a client call does):
 * - a call of the calls `approved` (a person approved it; this continuation runs it) runs;
 * - a server tool's `needsApproval` (true, or its function of `{ input, req, chat }`) says whether
 *   it waits; where nobody can approve (`offers` does not take `approval`: the app's own code, a
 *   channel whose piece draws no approvals) the call is denied with `NO_APPROVER_TEXT` and the
 *   turn goes on; a `needsApproval` that throws denies the call, never runs it: its error is
 *   logged, and the model reads only `NEEDS_APPROVAL_FAILED_TEXT`.
 */
export function approvalGate({ agent, req, chat, offers, approved, log }: {
  agent: Pick<ResolvedAgent, 'approvalTools'>
  req: Caller
  chat: ChatRecord | null
  offers: (kind: string) => boolean
  approved: ReadonlySet<string>
  log: (line: string) => void
}) {
  const decisions = new Map<string, Promise<Decision>>()
  const decide = async ({ toolCallId, toolName, input }: ToolCallLike): Promise<Decision> => {
    const tool = agent.approvalTools.get(toolName)
    if (!tool || approved.has(toolCallId)) return { type: 'not-applicable' }
    const { needsApproval } = tool
    let needs: boolean
    try {
      const toolChat = chat && { id: chat.id, agentSlug: chat.agentSlug, ownerId: chat.ownerId, channel: chat.channel }
      needs = needsApproval === true || Boolean(await (needsApproval as Exclude<typeof needsApproval, boolean>)({ input: parsedInput(input), req, chat: toolChat }))
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      log(`frogbot: needsApproval of "${toolName}" failed${chat ? ` in chat ${chat.id}` : ''}: ${message}; the call was denied`)
      // The app's error may hold secrets: the log keeps it, the model reads a fixed text.
      return { type: 'denied', reason: NEEDS_APPROVAL_FAILED_TEXT }
    }
    if (!needs) return { type: 'not-applicable' }
    return offers(APPROVAL_KIND) ? { type: 'user-approval' } : { type: 'denied', reason: NO_APPROVER_TEXT }
  }
  const decisionOf = (call: ToolCallLike) => {
    let decision = decisions.get(call.toolCallId)
    if (!decision) decisions.set(call.toolCallId, (decision = decide(call)))
    return decision
  }
  return {
    /** The AI SDK's `toolApproval` for the turn's tool set. */
    toolApproval: (({ toolCall }: { toolCall: ToolCallLike }) => decisionOf(toolCall)) as unknown as ToolApprovalConfiguration<ToolSet, never>,
    /** Whether `call` waits for a person's approval. */
    waits: async (call: ToolCallLike) => (await decisionOf(call)).type === 'user-approval'
  }
}
