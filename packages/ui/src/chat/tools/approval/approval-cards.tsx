import type { ApprovalToolSummary, PendingCall, Settlement } from '@frogbotai/protocol'
import { type ReactNode, useId, useState } from 'react'
import { CallFacts } from '../call-facts.tsx'
import { humanize } from '../generic/schema-fields.ts'
import { ValueList } from '../generic/value-list.tsx'
import { SettledCard } from '../settled-card.tsx'
import { type QuorumState, decisionText, inputChanges, quorumProgressText, remainingText } from './approval-text.ts'

/** What every approval card shows of the call: the tool's name (and description), and its input drawn readably. */
export function ApprovalCall({ name, approvalTool, input, inputLabel = 'Input' }: { name: string; approvalTool?: ApprovalToolSummary; input: unknown; inputLabel?: string }) {
  return (
    <>
      <p className="fb-approval-tool">
        <code className="fb-approval-name">{name}</code>
        {approvalTool?.description ? <span className="fb-approval-description">{approvalTool.description}</span> : null}
      </p>
      <ValueList value={input} label={inputLabel} />
    </>
  )
}

/** The header of a waiting approval: the tool, and where the decision stands ("Needs your approval", "1 of 2 approvals"). */
export function WaitingHeader({ id, name, status }: { id: string; name: string; status: string }) {
  return (
    <header className="fb-card-header">
      <span className="fb-status-dot" aria-hidden="true" />
      <h3 id={id} className="fb-card-title">
        {humanize(name)}
      </h3>
      <span className="fb-progress">{status}</span>
    </header>
  )
}

/**
 * An approval that waits but cannot be decided here: in a channel conversation ("Waiting for an
 * approval in Slack"), after this person's own vote on a call that needs several ("You approved.
 * Waiting for 1 more approval"; `note` while that vote is on its way), or while the chat streams.
 * No controls.
 */
export function WaitingApprovalCard({ name, approvalTool, input, call, quorum, channelLabel, note }: { name: string; approvalTool?: ApprovalToolSummary; input: unknown; call?: PendingCall; quorum?: QuorumState; channelLabel?: string; note?: string }) {
  const id = useId()
  const status = channelLabel ? `Waiting for an approval in ${channelLabel}` : quorum ? quorumProgressText(quorum) : 'Waiting for an approval'
  return (
    <section className="fb-card fb-approval fb-card-readonly" aria-labelledby={id}>
      <WaitingHeader id={id} name={name} status={status} />
      <ApprovalCall name={name} approvalTool={approvalTool} input={input} />
      {note ? (
        <p className="fb-card-text" role="status">
          {note}
        </p>
      ) : quorum?.mine ? (
        <p className="fb-card-text" role="status">
          {quorum.mine.approved ? 'You approved.' : 'You denied.'} {remainingText(quorum)}.
        </p>
      ) : null}
      <CallFacts call={call} />
    </section>
  )
}

type SettledOutcome = 'approved' | 'denied' | 'closed' | 'sending' | 'unsent'

/**
 * A decided or closed approval in the conversation: a check, a cross, a spinner (on its way) or an
 * alert (not sent, with Retry), the decision as a title ("Approved by you", "Denied by someone
 * else: wrong amount"), the tool, what the approver changed (before → after), the tool's error,
 * and, folded, the input it was asked with and its result.
 */
export function SettledApprovalCard({
  outcome,
  title,
  name,
  approvalTool,
  input,
  edited,
  result,
  note,
  onRetry
}: {
  outcome: SettledOutcome
  title: string
  name: string
  approvalTool?: ApprovalToolSummary
  input: unknown
  edited?: unknown
  result?: unknown
  note?: string
  onRetry?: () => void
}) {
  const changes = edited === undefined ? [] : inputChanges(input, edited)
  const frame = outcome === 'denied' ? 'closed' : outcome === 'approved' ? 'done' : outcome
  return (
    <SettledCard outcome={frame} title={title} kind="fb-approval" action={onRetry ? { label: 'Retry', onClick: onRetry } : undefined}>
      <p className="fb-approval-tool">
        <code className="fb-approval-name">{name}</code>
        {approvalTool?.description ? <span className="fb-approval-description">{approvalTool.description}</span> : null}
      </p>
      {changes.length > 0 ? <InputChanges changes={changes} /> : null}
      {note ? <p className="fb-card-text">{note}</p> : null}
      <Details label={result === undefined ? 'Input' : 'Input and result'}>
        <p className="fb-field-label">{changes.length > 0 ? 'Input the model asked for' : 'Input'}</p>
        <ValueList value={input} label={changes.length > 0 ? 'Input the model asked for' : 'Input'} />
        {result !== undefined ? (
          <>
            <p className="fb-field-label">Result</p>
            <ValueList value={result} label="Result" />
          </>
        ) : null}
      </Details>
    </SettledCard>
  )
}

function InputChanges({ changes }: { changes: ReturnType<typeof inputChanges> }) {
  return (
    <div className="fb-approval-changes" role="group" aria-label="Changed before it ran">
      <p className="fb-field-label">Changed before it ran</p>
      <dl className="fb-answers">
        {changes.map((change) => (
          <div key={change.key} className="fb-answer-row">
            <dt>{humanize(change.key)}</dt>
            <dd>
              <del className="fb-before">{shown(change.before)}</del>
              <span aria-hidden="true"> → </span>
              <span className="fb-sr-only"> changed to </span>
              <ins className="fb-after">{shown(change.after)}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function Details({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="fb-tool-details fb-approval-details">
      <summary className="fb-button fb-button-link">{label}</summary>
      <div className="fb-approval-details-body">{children}</div>
    </details>
  )
}

/** A value in one line for "before → after" (JSON for objects, `(none)` when absent), cut at 120 characters. */
function shown(value: unknown): string {
  if (value === undefined) return '(none)'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 119)}…` : text
}

/**
 * The title of a settled approval: from its stored `settlement` when known ("Approved by you",
 * "Denied by someone else: wrong amount"), else from the part alone ("Approved", "Denied: …").
 */
export function settledTitle({ approved, reason, settlement, userId }: { approved: boolean; reason?: string; settlement?: Settlement; userId?: string | null }): string {
  if (settlement && (settlement.outcome === 'approved' || settlement.outcome === 'denied')) return decisionText(settlement, { userId })
  return approved ? 'Approved' : `Denied${reason ? `: ${reason}` : ''}`
}
