import { z } from 'zod'
import { ApprovalVoteSchema } from './settlement.ts'

/**
 * What pending calls wait for, besides a client tool's own `client.kind`: a server tool's call
 * waiting for a person's approval before it runs (docs/agents/approvals.md).
 */
export const APPROVAL_KIND = 'approval'

/**
 * The kind of a call where an MCP server's tool asks a person for input (MCP form or URL
 * elicitation, docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input); its `input` is an
 * {@link McpElicitationRequest}.
 */
export const MCP_ELICITATION_KIND = 'mcp-elicitation'

/**
 * What an MCP server asks a person (the `input` of a pending call of kind
 * {@link MCP_ELICITATION_KIND}): a form (`message`, `requestedSchema`: the JSON Schema of the
 * answer, an object of primitive fields) or a link (`url`, which the person opens and FrogBot never
 * fetches). Answered with the form's values (or `{}` for a link, once the person finished), or
 * dismissed (sent to the server as a decline).
 */
export type McpElicitationRequest = { mode: 'form'; message: string; requestedSchema: Record<string, unknown> } | { mode: 'url'; message: string; url: string }

/**
 * A call that waits for a person (seed: "Answer over HTTP", the `pending` entries; also `call` in
 * `client.access({ req, call })` and `approval.access({ req, call })`). `createdAt` is ISO 8601.
 * Beyond the seed's fields:
 * - `kind`: what answers it: the client tool's `client.kind` (`question`, `pick-file`, …), or
 *   `approval` for a server tool waiting for a person's yes or no before it runs;
 * - `expiresAt`: when the call expires (ISO 8601), present only for a tool with `expiresIn`;
 * - `quorum`: for an approval that needs several people (`approval.quorum`), how many distinct
 *   approvals settle it (`count`) and the votes so far;
 * - `assignees`: who is asked (`client.assignees`, `approval.assignees`, or the agent's
 *   `questions.assignees` for the `question` tool), resolved once when the call started waiting:
 *   FrogBot user ids and emails (emails lower-cased). They may answer the call besides whoever
 *   may continue the chat, and they are who notices go to. Absent when none were given;
 * - `escalatedTo`, `escalatedAt`: once the call was escalated (`notify.escalate`,
 *   docs/chat/reach-people.md "Escalation"), who was told besides its first recipients, and when
 *   (ISO 8601), so a card can say "Escalated to … after 4 h".
 */
export const PendingCallSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  input: z.unknown(),
  messageId: z.string(),
  chatId: z.string(),
  agentSlug: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  kind: z.string().describe("the client tool's client.kind, or \"approval\""),
  expiresAt: z.string().optional().describe('ISO 8601; only for a call that expires'),
  quorum: z.object({ count: z.number().int(), votes: z.array(ApprovalVoteSchema) }).optional().describe('only for an approval that needs several people'),
  assignees: z.array(z.string()).optional().describe('who is asked: FrogBot user ids and emails; only when the tool names assignees'),
  escalatedTo: z.array(z.string()).optional().describe('only once the call was escalated: who was told'),
  escalatedAt: z.string().optional().describe('ISO 8601; only once the call was escalated')
})

/** See {@link PendingCallSchema}. */
export type PendingCall = z.output<typeof PendingCallSchema>
