import type { ApprovalToolSummary, PendingCall } from '@frogbotai/protocol'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import type { ApprovalResponse } from '../../tool-renderers.ts'
import { DismissPanel } from '../dismiss-panel.tsx'
import { FieldControl } from '../generic/field-control.tsx'
import { type FieldValue, fieldsOutput, schemaFields, valuesOf } from '../generic/schema-fields.ts'
import { NotSentNote } from '../../not-sent-note.tsx'
import { ApprovalCall, WaitingHeader } from './approval-cards.tsx'
import { CallFacts } from '../call-facts.tsx'
import type { ApprovalDraft } from './approval-draft.ts'
import { type QuorumState, inputProblems, quorumProgressText } from './approval-text.ts'
import { CardNotes } from '../card-notes.tsx'

/**
 * The card of a server tool's call waiting for this person's approval (docs/agents/approvals.md):
 * the tool, its input, when it expires, the quorum's count, and
 * - **Approve**: a yes;
 * - **Deny**: asks for an optional reason (Enter denies, Escape goes back);
 * - **Edit**: a form of the tool's input fields (from its input JSON Schema), filled with the
 *   model's input; "Approve with changes" sends the edited input, which the server checks against
 *   the tool's schema: a refusal shows under its field and nothing is settled.
 * What the card shows and what was typed is the `draft` (given to `onDraftChange` on each change).
 * The focus moves into the card as it appears unless `mayTakeFocus()` says no; a guard keeps a
 * double press from deciding twice; `unsent` keeps the card as it was sent, with "Not sent — Retry".
 */
export function ApprovalForm({
  name,
  input,
  approvalTool,
  call,
  quorum,
  draft,
  onDraftChange,
  error,
  mayTakeFocus,
  unsent,
  onRetry,
  onRespond
}: {
  name: string
  input: unknown
  approvalTool?: ApprovalToolSummary
  call?: PendingCall
  quorum?: QuorumState
  draft: ApprovalDraft
  onDraftChange: (draft: ApprovalDraft) => void
  error?: string
  mayTakeFocus?: () => boolean
  unsent?: boolean
  onRetry?: () => void
  onRespond: (response: ApprovalResponse) => void | Promise<void>
}) {
  const id = useId()
  const card = useRef<HTMLElement>(null)
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<{ field?: string; text: string } | null>(null)
  // Set when the person opened a panel here (not when a draft brought it back): only then may it take the focus.
  const [opened, setOpened] = useState(false)
  const fields = schemaFields(approvalTool?.inputSchema)
  const values = draft.values ?? (fields ? valuesOf(fields, input) : {})
  const busy = sending || Boolean(unsent)

  useEffect(() => {
    // Asked once the card is on the page: the composer it hides has gone by then.
    if (!(mayTakeFocus?.() ?? true)) return
    const focused = document.activeElement
    if (focused && focused !== document.body && !card.current?.contains(focused)) return
    const field = draft.mode === 'editing' ? card.current?.querySelector<HTMLElement>('.fb-form input, .fb-form textarea') : draft.mode === 'denying' ? card.current?.querySelector<HTMLElement>('textarea') : null
    ;(field ?? card.current)?.focus()
  }, [])
  useEffect(() => {
    // A panel the person opened (or closed) here takes the focus: the Edit form's first field, the card after Cancel.
    if (!opened) return
    if (draft.mode === 'editing') card.current?.querySelector<HTMLElement>('.fb-form input, .fb-form textarea')?.focus()
    else if (draft.mode === 'deciding') card.current?.focus()
  }, [draft.mode])
  useEffect(() => {
    // A refusal came back (or the server has the decision after all): the card can be used again.
    setSending(false)
  }, [error])

  const change = (next: Partial<ApprovalDraft>) => onDraftChange({ ...draft, ...next })
  const respond = (response: ApprovalResponse) => {
    if (busy) return
    setSending(true)
    setProblem(null)
    void Promise.resolve(onRespond(response)).catch(() => setSending(false))
  }
  const open = (mode: ApprovalDraft['mode']) => {
    setOpened(true)
    setProblem(null)
    change({ mode })
  }
  const close = () => {
    setOpened(true)
    change({ mode: 'deciding' })
  }
  const approveEdited = (event: FormEvent) => {
    event.preventDefault()
    if (!fields) return
    const result = fieldsOutput(fields, values)
    if ('error' in result) return setProblem({ field: result.field, text: result.error.slice(result.error.indexOf(':') + 1).trim() })
    const base = input && typeof input === 'object' && !Array.isArray(input) ? { ...(input as Record<string, unknown>) } : {}
    for (const f of fields) delete base[f.key]
    respond({ approved: true, input: { ...base, ...result.output } })
  }

  const refused = error ? inputProblems(error) : { fields: {}, rest: [] }
  const fieldErrors: Record<string, string> = { ...refused.fields, ...(problem?.field ? { [problem.field]: problem.text } : {}) }
  const cardError = [...refused.rest, ...(problem && !problem.field ? [problem.text] : [])].join(' ')
  const status = quorum ? quorumProgressText(quorum) : 'Needs your approval'
  useEffect(() => {
    if (draft.mode !== 'editing' || !error || Object.keys(refused.fields).length === 0) return
    card.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [error])

  return (
    <section
      ref={card}
      className="fb-card fb-approval"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-ask`}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && draft.mode === 'editing' && !busy) {
          event.preventDefault()
          close()
        }
      }}
    >
      <WaitingHeader id={`${id}-title`} name={name} status={status} />
      <p id={`${id}-ask`} className="fb-sr-only">
        The agent wants to run {name} and needs your approval.
      </p>
      {draft.mode === 'editing' && fields ? (
        <form className="fb-form" onSubmit={approveEdited} noValidate aria-label={`Edit the input of ${name}`}>
          <p className="fb-approval-tool">
            <code className="fb-approval-name">{name}</code>
            {approvalTool?.description ? <span className="fb-approval-description">{approvalTool.description}</span> : null}
          </p>
          {fields.map((f) => (
            <FieldControl
              key={f.key}
              id={`${id}-${f.key}`}
              field={f}
              value={values[f.key]}
              error={fieldErrors[f.key]}
              onChange={(value: FieldValue) => {
                if (problem?.field === f.key) setProblem(null)
                change({ values: { ...values, [f.key]: value } })
              }}
            />
          ))}
          <Problems error={cardError} quorum={quorum} call={call} />
          {unsent ? <NotSentNote onRetry={onRetry} /> : null}
          <footer className="fb-card-footer">
            <button type="button" className="fb-button fb-button-quiet fb-footer-start" aria-disabled={busy || undefined} onClick={() => !busy && close()}>
              Cancel
            </button>
            <button type="submit" className="fb-button fb-button-primary" aria-disabled={busy || undefined}>
              {sending ? 'Approving…' : 'Approve with changes'}
            </button>
          </footer>
        </form>
      ) : (
        <>
          <ApprovalCall name={name} approvalTool={approvalTool} input={input} />
          <Problems error={cardError} quorum={quorum} call={call} />
          {unsent ? <NotSentNote onRetry={onRetry} /> : null}
          {draft.mode === 'denying' ? (
            <DismissPanel
              question="Why deny?"
              confirm="Deny"
              placeholder="Tell the agent why, if you like"
              reason={draft.reason}
              onReasonChange={(reason) => change({ reason })}
              autoFocus={opened}
              onCancel={close}
              onDismiss={(reason) => respond({ approved: false, ...(reason.trim() ? { reason: reason.trim() } : {}) })}
            />
          ) : (
            <footer className="fb-card-footer">
              <button type="button" className="fb-button fb-button-quiet fb-footer-start" aria-disabled={busy || undefined} onClick={() => !busy && open('denying')}>
                Deny
              </button>
              {/* A quorum's votes all approve the model's input (docs/agents/approvals.md): no Edit there. */}
              {fields && !quorum ? (
                <button type="button" className="fb-button" aria-disabled={busy || undefined} onClick={() => !busy && open('editing')}>
                  Edit
                </button>
              ) : null}
              <button type="button" className="fb-button fb-button-primary" aria-disabled={busy || undefined} onClick={() => respond({ approved: true })}>
                {sending ? 'Approving…' : 'Approve'}
              </button>
            </footer>
          )}
        </>
      )}
    </section>
  )
}

/** The card's refusal (the server's, or a value the form could not read), the quorum's rule, who is asked and when the call expires. */
function Problems({ error, quorum, call }: { error: string; quorum?: QuorumState; call?: PendingCall }) {
  return (
    <>
      <CardNotes error={error} />
      {quorum ? <p className="fb-hint">{`It runs once ${quorum.count} people approve; one denial is enough to stop it.`}</p> : null}
      <CallFacts call={call} />
    </>
  )
}
