import { type FormEvent, useId, useRef, useState } from 'react'
import { DismissPanel } from '../dismiss-panel.tsx'
import { FieldControl } from './field-control.tsx'
import { type FieldValue, fieldsOutput, humanize, initialValues, schemaFields } from './schema-fields.ts'
import { ValueList } from './value-list.tsx'
import { CardNotes } from '../card-notes.tsx'

/**
 * The form for a waiting client tool call that has no renderer of its own (docs/ui/overview.md): what the
 * model asked (its input), then one field per property of the tool's output JSON Schema (or one
 * JSON field when the output is not an object), Submit and Dismiss. The server checks the answer
 * against the schema and the tool's own rules; a refusal shows on the card as `error`. The values
 * live with the caller, so a refused answer comes back as it was sent.
 */
export function ClientToolForm({
  name,
  input,
  outputSchema,
  error,
  values: kept,
  onValuesChange,
  onSubmit,
  onDismiss
}: {
  name: string
  input: unknown
  outputSchema: unknown
  error?: string
  values?: Record<string, FieldValue>
  onValuesChange: (values: Record<string, FieldValue>) => void
  onSubmit: (output: unknown) => void | Promise<void>
  onDismiss: (reason: string) => void | Promise<void>
}) {
  const id = useId()
  const fields = schemaFields(outputSchema) ?? [{ key: '', label: 'Answer (JSON)', required: true, kind: 'json' as const }]
  const whole = fields.length === 1 && fields[0].key === ''
  const values = kept ?? initialValues(fields)
  const [problem, setProblem] = useState<string | null>(null)
  const [dismissing, setDismissing] = useState(false)
  const sent = useRef(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (sent.current) return
    const result = fieldsOutput(fields, values)
    if ('error' in result) return setProblem(result.error)
    setProblem(null)
    sent.current = true
    void Promise.resolve(onSubmit(whole ? result.output[''] : result.output)).catch(() => (sent.current = false))
  }
  const set = (key: string, value: FieldValue) => onValuesChange({ ...values, [key]: value })

  return (
    <section className="fb-card fb-client-tool" aria-labelledby={`${id}-title`}>
      <header className="fb-card-header">
        <h3 id={`${id}-title`} className="fb-card-title">
          {humanize(name)}
        </h3>
        <span className="fb-progress">Needs your answer</span>
      </header>
      <ValueList value={input} label="Request" />
      <form className="fb-form" onSubmit={submit} noValidate>
        {fields.map((f) => (
          <FieldControl key={f.key} id={`${id}-${f.key}`} field={f} value={values[f.key]} onChange={(value) => set(f.key, value)} />
        ))}
        <CardNotes error={error} hint={problem} />
        {dismissing ? null : (
          <footer className="fb-card-footer">
            <button type="button" className="fb-button fb-button-quiet fb-footer-start" onClick={() => setDismissing(true)}>
              Dismiss
            </button>
            <button type="submit" className="fb-button fb-button-primary">
              Submit
            </button>
          </footer>
        )}
      </form>
      {dismissing ? <DismissPanel onCancel={() => setDismissing(false)} onDismiss={(reason) => void onDismiss(reason)} /> : null}
    </section>
  )
}
