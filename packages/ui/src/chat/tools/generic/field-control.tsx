import { ANSWER_TEXT_MAX_LENGTH } from '@frogbotai/protocol'
import { useState } from 'react'
import type { FieldValue, SchemaField } from './schema-fields.ts'

/** A text value this long (or with a line break) is edited in a multi-line field. */
const MULTILINE_AT = 80

/** The input type of a string's JSON Schema `format` (MCP form elicitation's formats), text for any other. */
const INPUT_TYPES: Record<string, string> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' }

/**
 * One field of a form built from a JSON Schema (`SchemaField`): a checkbox, radios or checkboxes
 * for options, a text field, or a multi-line one for a list, JSON, or text that starts long (an
 * existing value being edited). `error` shows under the control, tied to it (`aria-invalid`,
 * `aria-describedby`).
 */
export function FieldControl({ id, field, value, error, onChange }: { id: string; field: SchemaField; value: FieldValue; error?: string; onChange: (value: FieldValue) => void }) {
  // Decided once, so the field never changes under the person's typing.
  const [startsLong] = useState(() => typeof value === 'string' && (value.length > MULTILINE_AT || value.includes('\n')))
  const describedBy = [field.description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  const invalid = error ? true : undefined
  const label = (
    <>
      {field.label}
      {field.required ? null : <span className="fb-muted"> (optional)</span>}
    </>
  )
  const description = field.description ? (
    <span id={`${id}-description`} className="fb-option-description">
      {field.description}
    </span>
  ) : null
  const problem = error ? (
    <span id={`${id}-error`} className="fb-field-error">
      {error}
    </span>
  ) : null

  if (field.kind === 'boolean') {
    return (
      <label className="fb-option">
        <input type="checkbox" className="fb-option-input" checked={value === true} aria-describedby={describedBy} aria-invalid={invalid} onChange={(event) => onChange(event.target.checked)} />
        <span className="fb-option-text">
          <span className="fb-option-label">{label}</span>
          {description}
          {problem}
        </span>
      </label>
    )
  }
  if (field.kind === 'choice' || field.kind === 'choices') {
    const many = field.kind === 'choices'
    const chosen = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []
    return (
      <fieldset className="fb-question-fieldset" aria-describedby={describedBy}>
        <legend className="fb-field-label">{label}</legend>
        {description}
        <div className="fb-options">
          {(field.options ?? []).map((option) => (
            <label key={option} className="fb-option">
              <input
                type={many ? 'checkbox' : 'radio'}
                className="fb-option-input"
                name={id}
                checked={chosen.includes(option)}
                onChange={() => onChange(many ? (chosen.includes(option) ? chosen.filter((o) => o !== option) : [...chosen, option]) : option)}
              />
              <span className="fb-option-text">
                <span className="fb-option-label">{field.optionLabels?.[option] ?? option}</span>
              </span>
            </label>
          ))}
        </div>
        {problem}
      </fieldset>
    )
  }
  const text = typeof value === 'string' ? value : ''
  const multiline = field.kind === 'list' || field.kind === 'json' || (startsLong && !field.format)
  return (
    <div className="fb-field">
      <label htmlFor={id} className="fb-field-label">
        {label}
      </label>
      {description}
      {multiline ? (
        <textarea
          id={id}
          className="fb-textarea"
          rows={3}
          maxLength={field.kind === 'list' ? ANSWER_TEXT_MAX_LENGTH : field.kind === 'text' ? (field.maxLength ?? ANSWER_TEXT_MAX_LENGTH) : undefined}
          value={text} aria-describedby={describedBy} aria-invalid={invalid} placeholder={field.kind === 'list' ? 'One per line' : undefined} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          id={id}
          className="fb-input"
          type={(field.format && INPUT_TYPES[field.format]) ?? 'text'}
          inputMode={field.kind === 'number' ? 'decimal' : field.kind === 'integer' ? 'numeric' : undefined}
          maxLength={field.maxLength ?? (field.kind === 'text' ? ANSWER_TEXT_MAX_LENGTH : undefined)}
          minLength={field.minLength}
          value={text}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          required={field.required}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {problem}
    </div>
  )
}
