import { useContext, useState } from 'react'
import { ChatContext } from '../../chat-context.ts'
import { ToolActionsContext } from '../../tool-actions-context.ts'
import type { ToolRenderProps } from '../../tool-renderers.ts'
import { type AnyToolPart, toolNameOf } from '../../tool-parts.ts'
import { PreparingCard } from '../question/question-cards.tsx'
import { SettledApprovalCard, WaitingApprovalCard, settledTitle } from './approval-cards.tsx'
import { type ApprovalDraft, restoreApprovalDraft } from './approval-draft.ts'
import { ApprovalForm } from './approval-form.tsx'
import { quorumOf } from './approval-text.ts'

type Approval = { id: string; approved?: boolean; reason?: string }

/**
 * The built-in renderer of a server tool's call that needs approval (kind `approval`,
 * docs/agents/approvals.md). `ToolPart` uses it for every such call unless `toolRenderers` has a
 * renderer of kind `approval` (or of the tool's name). By the part's state:
 * - `approval-requested` with `addToolApprovalResponse`: the card with Approve, Deny (an optional
 *   reason) and Edit (a form from the tool's input schema), the quorum's count and the expiry
 *   (see `ApprovalForm`); docked above the composer by `Chat`;
 * - `approval-requested` otherwise: the tool and its input, no controls: "Waiting for an approval
 *   in Slack" in a channel conversation, "You approved. Waiting for 1 more approval" after this
 *   person's vote;
 * - `approval-responded`, `output-available`: "Approved by you" ("Sending your approval…" until
 *   the server has it), what the approver changed (before → after), and the tool's result;
 * - `output-denied`: "Denied by you: <reason>";
 * - `output-error`: the tool's error after a yes, or "Not approved" with why (expired, cancelled,
 *   stopped, nobody could approve it).
 * What the card shows and what was typed (the reason, the edited fields) is its draft.
 */
export function ApprovalToolRender({ part, addToolApprovalResponse, isReadonly, channelLabel, error, approvalTool, call, settlement, draft: saved, onDraftChange, mayTakeFocus, unsent, onRetry }: ToolRenderProps) {
  const [draft, setDraft] = useState<ApprovalDraft>(() => restoreApprovalDraft(saved))
  const chat = useContext(ChatContext)
  const userId = chat?.manifest.status === 'ready' ? chat.manifest.manifest.user?.id : null
  const sending = useContext(ToolActionsContext)?.isSending?.(part.toolCallId) ?? false
  const name = toolNameOf(part)
  const approval = (part as AnyToolPart & { approval?: Approval }).approval
  const input = part.input
  switch (part.state) {
    case 'input-streaming':
    case 'input-available':
      return <PreparingCard label={`Preparing ${name}`} />
    case 'approval-requested': {
      const quorum = quorumOf(call, { userId })
      if (addToolApprovalResponse && !isReadonly && !quorum?.mine) {
        return (
          <ApprovalForm
            name={name}
            input={input}
            approvalTool={approvalTool}
            call={call}
            quorum={quorum}
            draft={draft}
            onDraftChange={(next) => {
              setDraft(next)
              onDraftChange?.(next)
            }}
            error={error}
            mayTakeFocus={mayTakeFocus}
            unsent={unsent}
            onRetry={onRetry}
            onRespond={addToolApprovalResponse}
          />
        )
      }
      return <WaitingApprovalCard name={name} approvalTool={approvalTool} input={input} call={call} quorum={quorum} channelLabel={isReadonly ? channelLabel : undefined} />
    }
    case 'approval-responded':
    case 'output-available':
    case 'output-denied': {
      const approved = part.state !== 'output-denied' && approval?.approved !== false
      // A vote on a call that needs several people, here before the reload shows where it stands.
      const quorum = part.state === 'approval-responded' && !settlement ? quorumOf(call, { userId }) : undefined
      if (quorum && !unsent) return <WaitingApprovalCard name={name} approvalTool={approvalTool} input={input} call={call} quorum={quorum} note={approved ? 'Sending your approval…' : 'Sending your denial…'} />
      const outcome = unsent ? 'unsent' : sending ? 'sending' : approved ? 'approved' : 'denied'
      const title = unsent
        ? 'Not sent'
        : sending
          ? approved
            ? 'Sending your approval…'
            : 'Sending your denial…'
          : settledTitle({ approved, reason: settlement?.reason ?? approval?.reason, settlement, userId })
      return (
        <SettledApprovalCard
          outcome={outcome}
          title={title}
          name={name}
          approvalTool={approvalTool}
          input={input}
          edited={settlement?.input}
          result={part.state === 'output-available' ? part.output : undefined}
          note={
            unsent
              ? `You ${approved ? 'approved' : 'denied'} it; this goes to the server once it answers again.`
              : part.state === 'approval-responded' && call && !sending && !settlement
                ? 'Sent together with the other answers this reply still waits for.'
                : undefined
          }
          onRetry={unsent ? onRetry : undefined}
        />
      )
    }
    case 'output-error': {
      const approved = approval?.approved === true || settlement?.outcome === 'approved'
      const title = approved ? settledTitle({ approved, settlement, userId }) : 'Not approved'
      return <SettledApprovalCard outcome="closed" title={title} name={name} approvalTool={approvalTool} input={input} edited={settlement?.input} note={part.errorText} />
    }
    default:
      return null
  }
}
