import type { ApprovalToolSummary, ClientToolSummary, PendingCall, Settlement } from '@frogbotai/protocol'
import { createContext } from 'react'
import type { ApprovalResponse } from './tool-renderers.ts'
import type { AnyToolPart } from './tool-parts.ts'

/**
 * What `ToolPart` needs to render a tool part and answer it. `Chat` provides it for its own
 * messages; a surface that renders tool parts outside `Chat` (a list of waiting calls, say)
 * provides its own (FrogBot's UI registries page).
 * - `canAnswer(part)`: whether the call can be answered here now (it waits in the newest assistant
 *   message and nothing streams); only then do renderers get `addToolOutput` and `dismiss`;
 * - `addToolOutput(part, output)`, `dismiss(part, reason?)`: answer or decline the call;
 * - `isReadonly`, `channelLabel`: a channel conversation, answered only in its channel;
 * - `errorFor(toolCallId)`: why the server refused the last answer to that call;
 * - `clientTool(name)`: the client tool of that name as the server publishes it;
 * - `isSending(toolCallId)`: the answer given here is on its way to the server (optional);
 * - `settledElsewhere(toolCallId)`: the settlement of a call someone else answered or dismissed
 *   first while it waited here (another tab, another person, a channel), to say so (optional);
 * - `draftFor(toolCallId)`, `saveDraft(part, draft)`: what the person has put on a waiting card so
 *   far, kept on the server with the call (optional; docs/ui/components.md);
 * - `isUnsent(toolCallId)`, `retry()`: an answer given here that did not reach the server, and
 *   asking the server again now (it is sent again once the server answers; optional);
 * - `mayTakeFocus()`: whether a card that appears may move the focus into itself (not while the
 *   person was typing in the composer the card hides; optional, default yes);
 * - `addToolApprovalResponse(part, response)`: decide on a call waiting for approval (optional;
 *   without it approval cards are read-only);
 * - `approvalTool(name)`, `pendingCall(toolCallId)`, `settlementFor(toolCallId)`: the server tool
 *   that may need approval, the stored waiting call (expiry, quorum votes), and the stored
 *   settlement of a settled call (optional).
 */
export type ToolActions = {
  canAnswer: (part: AnyToolPart) => boolean
  addToolOutput: (part: AnyToolPart, output: unknown) => void | Promise<void>
  dismiss: (part: AnyToolPart, reason?: string) => void | Promise<void>
  isReadonly: boolean
  channelLabel?: string
  errorFor: (toolCallId: string) => string | undefined
  clientTool: (name: string) => ClientToolSummary | undefined
  isSending?: (toolCallId: string) => boolean
  settledElsewhere?: (toolCallId: string) => Settlement | undefined
  draftFor?: (toolCallId: string) => unknown
  saveDraft?: (part: AnyToolPart, draft: unknown) => void
  isUnsent?: (toolCallId: string) => boolean
  retry?: () => void
  mayTakeFocus?: () => boolean
  addToolApprovalResponse?: (part: AnyToolPart, response: ApprovalResponse) => void | Promise<void>
  approvalTool?: (name: string) => ApprovalToolSummary | undefined
  pendingCall?: (toolCallId: string) => PendingCall | undefined
  settlementFor?: (toolCallId: string) => Settlement | undefined
}

/** See {@link ToolActions}. Without a provider, tool parts render read-only. */
export const ToolActionsContext = createContext<ToolActions | null>(null)
