import { isToolUIPart, type UIMessage } from 'ai'
import { APPROVAL_KIND } from '@frogbotai/protocol'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import { toolFingerprint } from '../../agents/tool-set.ts'
import type { NewCall } from '../../store/chat-records.ts'
import { sealToolParts, toolNameOf } from '../transcript.ts'

/** A tool whose calls wait for a person: a client tool, or a server tool waiting for approval. */
type WaitingTool = { kind: string; slug: string; expiresIn?: number; quorum: number | null; fingerprint: string }

/** The tool a waiting part of `toolName` waits through, with what its pending call keeps, or `undefined`. */
function waitingToolOf(agent: Pick<ResolvedAgent, 'clientTools' | 'approvalTools'>, toolName: string, state: string): WaitingTool | undefined {
  const client = state === 'input-available' ? agent.clientTools.get(toolName) : undefined
  if (client) return { kind: client.client.kind, slug: client.slug, expiresIn: client.client.expiresIn, quorum: null, fingerprint: toolFingerprint(client) }
  const server = state === 'approval-requested' ? agent.approvalTools.get(toolName) : undefined
  if (!server) return undefined
  const count = server.approval?.quorum?.count ?? 1
  return { kind: APPROVAL_KIND, slug: server.slug, expiresIn: server.approval?.expiresIn, quorum: count > 1 ? count : null, fingerprint: toolFingerprint(server) }
}

/**
 * The calls the last step of `message` waits for: parts the model sent well-formed
 * (`input-available`) of client tools whose kind is offered here, and calls of server tools
 * waiting for approval (`approval-requested`; docs/agents/approvals.md). Pure.
 */
export function waitingParts(message: UIMessage, agent: Pick<ResolvedAgent, 'clientTools' | 'approvalTools'>, offers: (kind: string) => boolean) {
  const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
  return message.parts.slice(stepStart + 1).filter(isToolUIPart).filter((part) => {
    const tool = waitingToolOf(agent, toolNameOf(part), part.state)
    return tool !== undefined && offers(tool.kind)
  })
}

/**
 * The calls a step ends at (see {@link waitingParts}) as pending calls (with their kind, deadline
 * and quorum); and the message sealed around them (every other open call closed, every input an
 * object). Pure; their `assignees` are resolved after (see `withAssignees`).
 */
export function waitingCalls({ message, agent, offers, chatId, createdAt, expiresAt }: {
  message: UIMessage
  agent: Pick<ResolvedAgent, 'clientTools' | 'approvalTools' | 'slug'>
  offers: (kind: string) => boolean
  chatId: string
  createdAt: string
  expiresAt: (expiresIn: number) => string
}): { sealed: UIMessage; calls: NewCall[] } {
  const waiting = new Set(waitingParts(message, agent, offers).map((part) => part.toolCallId))
  const sealed = sealToolParts(message, waiting)
  const calls: NewCall[] = []
  for (const part of sealed.parts.filter(isToolUIPart)) {
    if (!waiting.has(part.toolCallId)) continue
    const tool = waitingToolOf(agent, toolNameOf(part), part.state)!
    calls.push({
      toolCallId: part.toolCallId,
      toolName: tool.slug,
      input: part.input,
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
