import { useContext } from 'react'
import { useChatContext } from './chat-context.ts'
import { settledElsewhereText } from './settled-elsewhere.ts'
import { NotSentNote } from './not-sent-note.tsx'
import { ToolActionsContext } from './tool-actions-context.ts'
import { APPROVAL_KIND, MCP_ELICITATION_KIND } from '@frogbotai/protocol'
import { type AnyToolPart, isApprovalPart, toolNameOf } from './tool-parts.ts'
import { findToolRenderer, type ToolRenderProps } from './tool-renderers.ts'
import { ApprovalToolRender } from './tools/approval/approval-tool-render.tsx'
import { ElicitationToolRender } from './tools/elicitation/elicitation-tool-render.tsx'
import { GenericToolRender } from './tools/generic/generic-tool-render.tsx'
import { QuestionToolRender } from './tools/question/question-tool-render.tsx'

// Renderers that show an answer on its way themselves; others get a line under their card.
const SHOW_SENDING = new Set<unknown>([GenericToolRender, QuestionToolRender, ApprovalToolRender, ElicitationToolRender])

/**
 * Renders one tool part with the renderer registered for it (`client.kind`, `approval` for a
 * server tool's call that needed approval, or `mcp-elicitation` for an MCP tool's request for
 * input; then the tool name), else the built-in one (`ApprovalToolRender` for approvals,
 * `ElicitationToolRender` for MCP requests, the generic renderer otherwise), and hands it the actions
 * of the nearest `ToolActionsContext`. Under
 * the card it says when an answer is on its way, when it did not get through ("Not sent —
 * Retry"), and who settled the call first when someone else did while it waited here.
 */
export function ToolPart({ part }: { part: AnyToolPart }) {
  const actions = useContext(ToolActionsContext)
  const { toolRenderers, manifest } = useChatContext()
  const name = toolNameOf(part)
  const call = actions?.pendingCall?.(part.toolCallId)
  const settlement = actions?.settlementFor?.(part.toolCallId)
  // An MCP server's request for input is a server tool's call whose kind is the stored call's while
  // it waits; once answered or declined, its part carries the approval that ran the tool again,
  // which nobody gave: its settlement says `answered` or `dismissed`, never `approved` or `denied`.
  const elicited = isApprovalPart(part) && (settlement?.outcome === 'answered' || settlement?.outcome === 'dismissed')
  const approval = isApprovalPart(part) && !elicited
  const clientTool = approval ? undefined : actions?.clientTool(name)
  const elicitation = elicited || (!approval && !clientTool && call?.kind === MCP_ELICITATION_KIND)
  const kind = approval ? APPROVAL_KIND : elicitation ? MCP_ELICITATION_KIND : clientTool?.kind
  const Render = findToolRenderer(toolRenderers, { name, kind })?.render ?? (approval ? ApprovalToolRender : elicitation ? ElicitationToolRender : GenericToolRender)
  const props: ToolRenderProps = { part, ...(clientTool ? { clientTool } : {}) }
  if (call) props.call = call
  if (settlement && (approval || elicitation)) props.settlement = settlement
  if (approval) {
    const approvalTool = actions?.approvalTool?.(name)
    if (approvalTool) props.approvalTool = approvalTool
  }
  const error = actions?.errorFor(part.toolCallId)
  if (error) props.error = error
  if (actions?.isReadonly) {
    props.isReadonly = true
    if (actions.channelLabel) props.channelLabel = actions.channelLabel
  } else if (actions?.canAnswer(part)) {
    if (approval) {
      if (actions.addToolApprovalResponse) props.addToolApprovalResponse = (response) => actions.addToolApprovalResponse!(part, response)
    } else {
      props.addToolOutput = (output) => actions.addToolOutput(part, output)
      props.dismiss = (reason) => actions.dismiss(part, reason)
    }
    const draft = actions.draftFor?.(part.toolCallId)
    if (draft !== undefined) props.draft = draft
    if (actions.saveDraft) props.onDraftChange = (next) => actions.saveDraft!(part, next)
    if (actions.mayTakeFocus) props.mayTakeFocus = actions.mayTakeFocus
  }
  const unsent = actions?.isUnsent?.(part.toolCallId) ?? false
  if (unsent) {
    props.unsent = true
    if (actions?.retry) props.onRetry = actions.retry
  }
  const sending = !SHOW_SENDING.has(Render) && actions?.isSending?.(part.toolCallId)
  const notSent = !SHOW_SENDING.has(Render) && unsent
  const elsewhere = actions?.settledElsewhere?.(part.toolCallId)
  if (!sending && !notSent && !elsewhere) return <Render {...props} />
  return (
    <div className="fb-tool-part">
      <Render {...props} />
      {sending ? (
        <p className="fb-tool-note" role="status">
          <span className="fb-spinner" aria-hidden="true" /> Sending your answer…
        </p>
      ) : null}
      {notSent ? <NotSentNote onRetry={actions?.retry} /> : null}
      {elsewhere ? (
        <p className="fb-tool-note" role="status">
          {settledElsewhereText(elsewhere, { userId: manifest.status === 'ready' ? manifest.manifest.user?.id : null })}
        </p>
      ) : null}
    </div>
  )
}
