import { type FormEvent, useId, useRef, useState } from 'react'
import type { McpElicitationRequest, PendingCall } from '@frogbotai/protocol'
import { CallFacts } from '../call-facts.tsx'
import { FieldControl } from '../generic/field-control.tsx'
import { type FieldValue, fieldsOutput, humanize, initialValues, schemaFields } from '../generic/schema-fields.ts'
import { safeLink } from './elicitation-request.ts'
import { CardNotes } from '../card-notes.tsx'

/**
 * The card of an MCP server's request for input, waiting here (docs/protocols/mcp.md):
 * - a form: the server's message, one field per property of its `requestedSchema` (text with its
 *   format, number or whole number with its bounds, yes/no, one or several options), Accept and
 *   Decline; what is typed is kept with the caller (`values`, the card's draft);
 * - a link: the server's message, the link (opened by the person in a new tab, never fetched by
 *   FrogBot), Done once they finished there, and Decline.
 * Accept and Done answer the call; Decline dismisses it, which the MCP server receives as a decline.
 */
export function ElicitationForm({
  toolName,
  request,
  call,
  error,
  values: kept,
  onValuesChange,
  onSubmit,
  onDecline
}: {
  toolName: string
  request: McpElicitationRequest
  call?: PendingCall
  error?: string
  values?: Record<string, FieldValue>
  onValuesChange: (values: Record<string, FieldValue>) => void
  onSubmit: (output: Record<string, unknown>) => void | Promise<void>
  onDecline: () => void | Promise<void>
}) {
  const id = useId()
  const fields = request.mode === 'form' ? (schemaFields(request.requestedSchema) ?? []) : []
  const values = kept ?? initialValues(fields)
  const [problem, setProblem] = useState<string | null>(null)
  const sent = useRef(false)
  const link = request.mode === 'url' ? safeLink(request.url) : null

  const once = (send: () => void | Promise<void>) => {
    if (sent.current) return
    sent.current = true
    void Promise.resolve(send()).catch(() => (sent.current = false))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (request.mode === 'url') return once(() => onSubmit({}))
    const result = fieldsOutput(fields, values)
    if ('error' in result) return setProblem(result.error)
    setProblem(null)
    once(() => onSubmit(result.output))
  }

  return (
    <section className="fb-card fb-elicitation" aria-labelledby={`${id}-title`}>
      <header className="fb-card-header">
        <h3 id={`${id}-title`} className="fb-card-title">
          {humanize(toolName)}
        </h3>
        <span className="fb-progress">Needs your answer</span>
      </header>
      {request.message ? <p className="fb-card-text">{request.message}</p> : null}
      <CallFacts call={call} />
      <form className="fb-form" onSubmit={submit} noValidate>
        {request.mode === 'url' ? (
          <p className="fb-card-text">
            {link ? (
              <a className="fb-elicitation-link" href={link.href} target="_blank" rel="noopener noreferrer">
                Open {link.host}
              </a>
            ) : (
              <span className="fb-elicitation-link">{request.url}</span>
            )}{' '}
            <span className="fb-muted">Then come back and press Done.</span>
          </p>
        ) : (
          fields.map((f) => <FieldControl key={f.key} id={`${id}-${f.key}`} field={f} value={values[f.key]} onChange={(value) => onValuesChange({ ...values, [f.key]: value })} />)
        )}
        <CardNotes error={error} hint={problem} />
        <footer className="fb-card-footer">
          <button type="button" className="fb-button fb-button-quiet fb-footer-start" onClick={() => once(onDecline)}>
            Decline
          </button>
          <button type="submit" className="fb-button fb-button-primary">
            {request.mode === 'url' ? 'Done' : 'Accept'}
          </button>
        </footer>
      </form>
    </section>
  )
}
