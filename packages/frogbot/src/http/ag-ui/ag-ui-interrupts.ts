import type { PendingCall } from '@frogbotai/protocol'
import { APPROVAL_KIND, MCP_ELICITATION_KIND, SettleRequest } from '@frogbotai/protocol'
import type { Interrupt, ResumeEntry } from '@ag-ui/core'
import { z } from 'zod'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import type { SettleInput } from '../../contract/turns.ts'
import type { McpElicitation } from '../../tools/mcp-elicitation.ts'
import { parsedOrRefused } from '../read-body.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { callPrompt } from '../../notify/notice-text.ts'

/** The answer an approval's interrupt takes (docs/agents/approvals.md): approve or deny, with an optional reason and edited input. */
const APPROVAL_RESPONSE = {
  type: 'object',
  properties: { approved: { type: 'boolean' }, reason: { type: 'string' }, input: { type: 'object' } },
  required: ['approved'],
  additionalProperties: false
}

/**
 * One AG-UI interrupt per pending call (docs/protocols/ag-ui.md): `id` and `toolCallId` are the tool
 * call id, `reason` the call's kind (`question`, `approval`, …), `message` what the call asks a
 * person, as a notice says it (`callPrompt`: the question, `2 questions: Color, Size`,
 * `Approve “send_invoice”?`; never the tool's description, which is written for the model),
 * `responseSchema` the client tool's output schema as JSON Schema (for an approval,
 * `{ approved, reason?, input? }`), `expiresAt` its deadline, and `metadata` the tool's name and
 * input. An MCP server's request for input (kind `mcp-elicitation`) gives its own `message` and,
 * for a form, its `requestedSchema`.
 */
export function interruptsOf(agent: ResolvedAgent, pending: PendingCall[]): Interrupt[] {
  return pending.map((call) => {
    if (call.kind === MCP_ELICITATION_KIND) {
      const asked = call.input as McpElicitation
      const responseSchema = asked.mode === 'form' ? asked.requestedSchema : { type: 'object' }
      return { id: call.toolCallId, toolCallId: call.toolCallId, reason: call.kind, message: asked.message, responseSchema, metadata: { toolName: call.toolName, input: call.input } } as Interrupt
    }
    const tool = agent.clientTools.get(call.toolName)
    const responseSchema = call.kind === APPROVAL_KIND ? APPROVAL_RESPONSE : tool ? (z.toJSONSchema(tool.outputSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>) : undefined
    return {
      id: call.toolCallId,
      toolCallId: call.toolCallId,
      reason: call.kind,
      message: callPrompt(call),
      ...(responseSchema ? { responseSchema } : {}),
      ...(call.expiresAt ? { expiresAt: call.expiresAt } : {}),
      metadata: { toolName: call.toolName, input: call.input }
    } as Interrupt
  })
}

/** An approval interrupt's answer (its `responseSchema`), with the settle body's rule for `reason`. */
const ApprovalPayload = z.strictObject({ approved: z.boolean(), reason: SettleRequest.shape.reason, input: z.unknown().optional() })

/**
 * A `cancelled` entry's payload refused: AG-UI's cancellation carries no answer (`@ag-ui/client`'s
 * `buildResumeArray` sends none), so a payload there (a reason, an answer) would go unread.
 * Absent is none (`null` is refused before, as AG-UI's schema refuses it: `AgUiRunInput`). A reason
 * goes with an approval's denial, or the settle body's dismissal.
 */
function refuseCancelledPayload(entry: ResumeEntry, index: number, approval: boolean): void {
  if (entry.payload === undefined) return
  const settle = 'POST /api/agents/:slug/chats/:chatId/settle'
  const instead = approval
    ? 'to deny with a reason, send "resolved" with { "approved": false, "reason": … }'
    : `to dismiss with a reason, send "dismissed": true and "reason" to ${settle}`
  const rule = `a "cancelled" entry takes no payload (AG-UI's cancellation carries none); ${instead}`
  throw new FrogbotError('bad-request', `resume.${index}.payload: ${rule}`)
}

/**
 * The settle inputs of an AG-UI resume: `resolved` with the payload as the call's output (for an
 * approval, the payload's `approved`, `reason` and `input`), `cancelled` as a dismissal (for an
 * approval, a denial), without a payload (else `bad-request` naming `resume.N.payload`, see
 * {@link refuseCancelledPayload}). `kinds` gives each waiting call's kind by tool call id; an entry
 * for a call not waiting passes through as an output, so the settle door answers `call-not-found`. An
 * approval's payload is the interrupt's `responseSchema`: `{ approved: boolean, reason?, input? }`,
 * anything else `bad-request` naming `resume.N.payload…` (a string "false" is never a yes).
 */
export function settleInputsOf(resume: ResumeEntry[], kinds: Map<string, string>): SettleInput[] {
  return resume.map((entry, index) => {
    const approval = kinds.get(entry.interruptId) === APPROVAL_KIND
    if (entry.status === 'cancelled') {
      refuseCancelledPayload(entry, index, approval)
      const toolCallId = entry.interruptId
      return approval ? { toolCallId, approved: false } : { toolCallId, dismissed: true }
    }
    if (!approval) return { toolCallId: entry.interruptId, output: entry.payload }
    const payload = parsedOrRefused(ApprovalPayload, entry.payload, ['resume', index, 'payload'])
    const reason = payload.reason ? { reason: payload.reason } : {}
    if (!payload.approved && payload.input !== undefined) throw new FrogbotError('bad-request', `resume.${index}.payload.input: an edited input goes only with an approval ("approved": true)`)
    return payload.approved === false
      ? { toolCallId: entry.interruptId, approved: false, ...reason }
      : { toolCallId: entry.interruptId, approved: true, ...(payload.input !== undefined ? { input: payload.input } : {}), ...reason }
  })
}
