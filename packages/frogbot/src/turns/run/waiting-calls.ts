import { isToolUIPart, type UIMessage } from 'ai'
import { APPROVAL_KIND, MCP_ELICITATION_KIND } from '@frogbotai/protocol'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import { toolFingerprint } from '../../agents/tool-set.ts'
import type { NewCall } from '../../store/chat-records.ts'
import { sealToolParts, toolNameOf } from '../transcript.ts'
import { isMcpInputRequired } from '../../tools/mcp-elicitation.ts'

/** A tool whose calls wait for a person: a client tool, or a server tool waiting for approval. */
type WaitingTool = { kind: string; slug: string; expiresIn?: number; quorum: number | null; fingerprint: string }

/** An MCP tool whose server asked for input (docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input), as a waiting tool. */
function mcpWaitingTool(agent: AgentTools, toolName: string): WaitingTool | undefined {
  const tool = agent.tools?.find((entry) => entry.slug === toolName)
  return tool ? { kind: MCP_ELICITATION_KIND, slug: tool.slug, quorum: null, fingerprint: toolFingerprint(tool) } : undefined
}

/** The tools of an agent that calls may wait through. */
type AgentTools = Pick<ResolvedAgent, 'clientTools' | 'approvalTools'> & { tools?: ResolvedAgent['tools'] }

/** The tool a waiting part of `toolName` waits through, with what its pending call keeps, or `undefined`. */
function waitingToolOf(agent: AgentTools, toolName: string, state: string, output?: unknown): WaitingTool | undefined {
  if (state === 'output-available' && isMcpInputRequired(output)) return mcpWaitingTool(agent, toolName)
  const client = state === 'input-available' ? agent.clientTools.get(toolName) : undefined
  if (client) return { kind: client.client.kind, slug: client.slug, expiresIn: client.client.expiresIn, quorum: null, fingerprint: toolFingerprint(client) }
  const server = state === 'approval-requested' ? agent.approvalTools.get(toolName) : undefined
  if (!server) return undefined
  const count = server.approval?.quorum?.count ?? 1
  return { kind: APPROVAL_KIND, slug: server.slug, expiresIn: server.approval?.expiresIn, quorum: count > 1 ? count : null, fingerprint: toolFingerprint(server) }
}

/**
 * The calls the last step of `message` waits for: parts the model sent well-formed
 * (`input-available`) of client tools whose kind is offered here, calls of server tools
 * waiting for approval (`approval-requested`; docs/agents/approvals.md), and MCP tools' calls whose
 * server asked for input (kind `mcp-elicitation`, at every door). Pure.
 */
export function waitingParts(message: UIMessage, agent: AgentTools, offers: (kind: string) => boolean) {
  const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
  return message.parts.slice(stepStart + 1).filter(isToolUIPart).filter((part) => {
    const tool = waitingToolOf(agent, toolNameOf(part), part.state, part.output)
    if (tool?.kind === MCP_ELICITATION_KIND) return true
    return tool !== undefined && offers(tool.kind)
  })
}

/**
 * The calls a step ends at (see {@link waitingParts}) as pending calls (with their kind, deadline
 * and quorum); and the message sealed around them (every other open call closed, every input an
 * object). An MCP tool's request for input becomes the pending call's input (with the server's
 * request state, which `toPendingCall` never shows) and its part waits as `input-available`.
 * Pure; their `assignees` are resolved after (see `withAssignees`).
 */
export function waitingCalls({ message, agent, offers, chatId, createdAt, expiresAt }: {
  message: UIMessage
  agent: AgentTools & Pick<ResolvedAgent, 'slug'>
  offers: (kind: string) => boolean
  chatId: string
  createdAt: string
  expiresAt: (expiresIn: number) => string
}): { sealed: UIMessage; calls: NewCall[] } {
  const waiting = new Set(waitingParts(message, agent, offers).map((part) => part.toolCallId))
  const asked = new Map<string, unknown>()
  const reopened = {
    ...message,
    parts: message.parts.map((part) => {
      if (!isToolUIPart(part) || !waiting.has(part.toolCallId) || !isMcpInputRequired(part.output)) return part
      const { key, request, requestState } = part.output.mcpInputRequired
      asked.set(part.toolCallId, { ...request, key, ...(requestState === undefined ? {} : { requestState }) })
      const { output: _output, ...rest } = part
      return { ...rest, state: 'input-available' } as typeof part
    })
  }
  const sealed = sealToolParts(reopened, waiting)
  const calls: NewCall[] = []
  for (const part of sealed.parts.filter(isToolUIPart)) {
    if (!waiting.has(part.toolCallId)) continue
    const elicited = asked.has(part.toolCallId)
    const tool = elicited ? mcpWaitingTool(agent, toolNameOf(part))! : waitingToolOf(agent, toolNameOf(part), part.state)!
    calls.push({
      toolCallId: part.toolCallId,
      toolName: tool.slug,
      input: elicited ? asked.get(part.toolCallId) : part.input,
      messageId: message.id,
      chatId,
      agentSlug: agent.slug,
      createdAt,
      kind: tool.kind,
      toolFingerprint: tool.fingerprint,
      expiresAt: tool.expiresIn ? expiresAt(tool.expiresIn) : null,
      quorum: tool.quorum,
      assignees: null
    })
  }
  return { sealed, calls }
}
