import type { z } from 'zod'
import type { Caller } from '../contract/caller.ts'
import type { ChannelIdentity, PendingCall } from '@frogbotai/protocol'
import type { McpResume } from './mcp-elicitation.ts'

/**
 * What a server tool's `execute` receives besides its input.
 * - `req`: who is calling (see {@link Caller}); after an approval, whose answer continued the turn.
 * - `agent`: the agent's `slug` and the id of the current run.
 * - `chatId`: the chat the turn belongs to, or `null` for a local `generate()` without a chat.
 * - `abortSignal`: aborted when the turn is stopped; when the server shuts down, only once the
 *   shutdown's grace (5 s) is over, so a tool may finish meanwhile and its result is kept
 *   (docs/chat/turns.md).
 * - `approvalId`: for a call that needed approval, the approval's stable id (the same in every
 *   process and after a restart), so the tool can make its side effect idempotent.
 * - `mcpResume`: for an MCP tool's call that asked for input, the person's response and the
 *   server's request state, which the tool sends back (docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input).
 */
export type ToolContext = {
  req: Caller
  agent: { slug: string; runId: string }
  chatId: string | null
  abortSignal?: AbortSignal
  approvalId?: string
  mcpResume?: McpResume
}

/** The chat a tool call is made in, as `needsApproval` sees it: its id, agent, owner (`null`: none) and channel (`null`: a web chat). */
export type ToolChat = { id: string; agentSlug: string; ownerId: string | null; channel: ChannelIdentity | null }

/**
 * Who is asked to settle a waiting call (docs/chat/reach-people.md, "Who is asked"): FrogBot user
 * ids and emails, or a function of the chat, the pending call and the caller whose turn asked,
 * evaluated once when the call starts waiting. The resolved list is stored with the call (its
 * `assignees`): those people may answer it besides whoever may continue the chat, and they are who
 * notices go to. A function that throws or returns something other than an array of strings
 * leaves the call without assignees (logged), so the chat's own rule decides who answers.
 */
export type Assignees = string[] | ((args: { chat: ToolChat; call: PendingCall; req: Caller }) => string[] | Promise<string[]>)

/**
 * Whether a server tool's call waits for a person's approval before `execute` runs (the AI SDK's
 * `needsApproval`, docs/agents/approvals.md): `true`, or a function of the parsed input, the
 * caller and the chat (`null` for a local `generate()` without a chat), evaluated for each call.
 */
export type NeedsApproval<I> = boolean | ((args: { input: I; req: Caller; chat: ToolChat | null }) => boolean | Promise<boolean>)

/**
 * How a server tool's call is approved (docs/agents/approvals.md). Takes effect with `needsApproval`.
 * - `access`: extra check for who may approve or deny, after "can this caller continue the chat".
 *   Return `false` to refuse with `403 forbidden`. Default: anyone who can continue the chat.
 * - `expiresIn`: milliseconds after which a waiting approval closes with outcome `expired` (the
 *   tool does not run). Off by default.
 * - `quorum.count`: how many distinct people must approve (default 1). The first denial decides;
 *   each person votes once (`409 already-voted`).
 * - `assignees`: who is asked to approve (see {@link Assignees}); they may decide besides whoever
 *   can continue the chat. Default: none.
 */
export type ApprovalConfig = {
  access?: (args: { req: Caller; call: PendingCall }) => boolean | Promise<boolean>
  expiresIn?: number
  quorum?: { count: number }
  assignees?: Assignees
}

/**
 * A server tool: the model calls it and FrogBot runs `execute` on the server.
 *
 * - `slug`: the tool name the model sees; letters, digits, `_` and `-`, at most 64 characters.
 * - `inputSchema`: Zod schema of the arguments; the model's input is parsed with it before `execute`.
 * - `outputSchema`: optional Zod schema of the result.
 * - `component`: optional `'/path/from/app/root#ExportName'` the admin chat renders for the call.
 * - `needsApproval`: the call waits for a person's yes, no or edited input before `execute` runs
 *   (see {@link NeedsApproval}); `approval` says who approves and how (see {@link ApprovalConfig}).
 *   After a yes `execute` runs once with the approved input; after a no it does not run and the
 *   model reads the tool error `Denied by the user.`.
 */
export type Tool<I extends z.ZodType = z.ZodType, O = unknown> = {
  slug: string
  description: string
  inputSchema: I
  outputSchema?: z.ZodType
  component?: string
  execute: (input: z.output<I>, context: ToolContext) => O | Promise<O>
  needsApproval?: NeedsApproval<z.output<I>>
  approval?: ApprovalConfig
  client?: never
}

/**
 * How a client tool's call is answered (seed: "Build a client tool", `client` options).
 *
 * - `kind`: non-empty; groups client tools by the kind of answer they need. Interactive chat entry
 *   points offer every kind; other entry points withhold the tool.
 * - `access`: extra check for who may settle a call, evaluated after "can this caller continue the
 *   chat". Return `false` to reject with `403 forbidden`. Default: anyone who can continue the chat.
 * - `validate`: check of the parsed output against the stored input. Return `true` to accept or an
 *   error message to reject with `400 invalid-output`.
 * - `expiresIn`: milliseconds after which a waiting call closes with outcome `expired`. Off by default.
 * - `assignees`: who is asked (see {@link Assignees}); they may answer besides whoever can continue
 *   the chat. Default: none.
 */
export type ClientToolConfig = {
  kind: string
  access?: (args: { req: Caller; call: PendingCall }) => boolean | Promise<boolean>
  validate?: (args: { input: unknown; output: unknown }) => true | string
  expiresIn?: number
  assignees?: Assignees
}

/**
 * A client tool: it declares an `outputSchema` and a `client` configuration instead of `execute`,
 * and the answer comes from a person or the browser (seed: "Build a client tool").
 * When the model calls it the turn pauses in `awaiting-input` until the call is settled.
 */
export type ClientTool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = {
  slug: string
  description: string
  inputSchema: I
  outputSchema: O
  component?: string
  client: ClientToolConfig
  execute?: never
}

/** Any tool an agent or the root `tools` list can hold. */
export type AnyTool = Tool<any, any> | ClientTool<any, any>

/** True for a tool that is answered by the client (it has a `client` configuration). */
export function isClientTool(tool: AnyTool): tool is ClientTool<any, any> {
  return (tool as ClientTool).client !== undefined
}

/** True for a server tool whose calls may wait for approval (`needsApproval` is `true` or a function). */
export function mayNeedApproval(tool: AnyTool): tool is Tool<any, any> & { needsApproval: NeedsApproval<any> } {
  return !isClientTool(tool) && tool.needsApproval !== undefined && tool.needsApproval !== false
}
