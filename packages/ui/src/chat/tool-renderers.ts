import type { ApprovalToolSummary, ClientToolSummary, PendingCall, Settlement } from '@frogbotai/protocol'
import type { ComponentType } from 'react'
import type { AnyToolPart } from './tool-parts.ts'

/**
 * What a tool renderer receives (FrogBot's UI registries page, docs/ui/overview.md):
 * - `part`: the AI SDK tool part (`type`, `toolCallId`, `state`, `input`, `output` or `errorText`);
 * - `addToolOutput(output)` and `dismiss(reason?)`: only while the call waits in the newest
 *   assistant message and nothing streams; absent for settled calls and in channel conversations;
 * - `isReadonly: true` and `channelLabel` (e.g. `Slack`) in a channel conversation, which is
 *   answered only in its channel;
 * - `error`: why the server refused the last answer (e.g. `400 invalid-output`), for the card to
 *   show while it stays usable;
 * - `clientTool`: the client tool as the server publishes it (`kind`, `outputSchema`), when it is one;
 * - `draft` and `onDraftChange(draft)`: with the actions, what the person put on the card before (a
 *   reload, another tab or device), and where to keep each change (any JSON of the card's own; the
 *   server keeps it with the call and deletes it when the call settles; never an answer);
 * - `mayTakeFocus()`: with the actions, whether the card may move the focus into itself as it
 *   appears (ask in an effect, once it is on the page: `false` while the person was typing in the
 *   composer the card hides);
 * - `unsent: true` and `onRetry()`: the answer given here did not reach the server; it is sent
 *   again once the server answers, and `onRetry` asks the server now;
 * - `call`: the stored pending call while it waits, of any kind: who is asked (`assignees`), when
 *   it expires (`expiresAt`), for an approval the `quorum` with the votes so far (render
 *   `CallFacts` for "Waiting for Dana" and "Expires in 2 h").
 *
 * For a server tool's call that waits for approval (kind `approval`, docs/agents/approvals.md):
 * - `addToolApprovalResponse({ approved, reason?, input? })`: instead of `addToolOutput` and
 *   `dismiss`, while the call waits here (never after this person's own vote on a call that needs
 *   several): a yes, a yes with an edited `input` (checked against the tool's input schema: a
 *   refusal comes back as `error`, `input.<field>: …`), or a no with an optional `reason`;
 * - `approvalTool`: the tool as the server publishes it (`name`, `description`, `inputSchema`);
 * - `settlement`: once settled, who decided, when, the `reason`, the edited `input` and the `votes`.
 *
 * For an MCP tool's request for input (kind `mcp-elicitation`, docs/protocols/mcp.md): `call.input`
 * is the request (a form's `requestedSchema` or a link), answered with `addToolOutput` (the form's
 * values, `{}` for a link) or `dismiss` (a decline); once settled, `settlement` says `answered` or
 * `dismissed`.
 */
export type ToolRenderProps<PART = AnyToolPart> = {
  part: PART
  addToolOutput?: (output: unknown) => void | Promise<void>
  dismiss?: (reason?: string) => void | Promise<void>
  isReadonly?: boolean
  channelLabel?: string
  error?: string
  clientTool?: ClientToolSummary
  draft?: unknown
  onDraftChange?: (draft: unknown) => void
  mayTakeFocus?: () => boolean
  unsent?: boolean
  onRetry?: () => void
  addToolApprovalResponse?: (response: ApprovalResponse) => void | Promise<void>
  approvalTool?: ApprovalToolSummary
  call?: PendingCall
  settlement?: Settlement
}

/**
 * A person's decision on a call waiting for approval: a yes (`approved: true`, with `input` when
 * they edited the tool's input) or a no (`approved: false`, with an optional `reason` the model reads).
 */
export type ApprovalResponse = { approved: true; input?: unknown; reason?: string } | { approved: false; reason?: string }

/**
 * A tool renderer: `kind` matches a client tool's `client.kind` first, then a tool's name
 * (`question` matches both the built-in tool and its kind). `render` is a React component.
 */
export type ToolRenderer = {
  kind: string
  // Renderers type `part` for their own tool; any renderer is accepted here.
  render: ComponentType<ToolRenderProps<any>>
}

/**
 * The renderer for a tool part: the first whose `kind` equals the client tool's `client.kind`,
 * else the first whose `kind` equals the tool name, else `undefined` (docs/ui/overview.md).
 */
export function findToolRenderer(renderers: readonly ToolRenderer[], { name, kind }: { name: string; kind?: string }): ToolRenderer | undefined {
  return (kind === undefined ? undefined : renderers.find((renderer) => renderer.kind === kind)) ?? renderers.find((renderer) => renderer.kind === name)
}
