import { useContext, useId, useState } from 'react'
import { ToolActionsContext } from '../../tool-actions-context.ts'
import { NotSentNote } from '../../not-sent-note.tsx'
import type { ToolRenderProps } from '../../tool-renderers.ts'
import { toolNameOf } from '../../tool-parts.ts'
import { PreparingCard } from '../question/question-cards.tsx'
import { ClientToolForm } from './client-tool-form.tsx'
import { type FieldValue, humanize } from './schema-fields.ts'
import { ValueList } from './value-list.tsx'

/**
 * The renderer of a tool without one of its own (docs/ui/overview.md). A waiting client tool call gets a form
 * built from its output JSON Schema (`ClientToolForm`), so any client tool can be answered, and
 * what is typed in it is kept as the card's draft; other states show what the tool was asked and
 * what it returned, or its error ("Not sent — Retry" for an answer that did not reach the server).
 */
export function GenericToolRender({ part, addToolOutput, dismiss, isReadonly, channelLabel, error, clientTool, draft, onDraftChange, unsent, onRetry }: ToolRenderProps) {
  const [values, setValues] = useState<Record<string, FieldValue> | undefined>(() => (draft && typeof draft === 'object' && !Array.isArray(draft) ? (draft as Record<string, FieldValue>) : undefined))
  const sending = useContext(ToolActionsContext)?.isSending?.(part.toolCallId) ?? false
  const id = useId()
  const name = toolNameOf(part)
  if (part.state === 'input-streaming') return <PreparingCard label={`Preparing ${humanize(name).toLowerCase()}`} />
  if (part.state === 'input-available' && addToolOutput && dismiss && !isReadonly) {
    return (
      <ClientToolForm
        name={name}
        input={part.input}
        outputSchema={clientTool?.outputSchema}
        error={error}
        values={values}
        onValuesChange={(next) => {
          setValues(next)
          onDraftChange?.(next)
        }}
        onSubmit={addToolOutput}
        onDismiss={dismiss}
      />
    )
  }
  const waiting = part.state === 'input-available'
  const status = waiting
    ? isReadonly && channelLabel
      ? `Waiting for an answer in ${channelLabel}`
      : clientTool
        ? 'Waiting for an answer'
        : 'Running'
    : part.state === 'output-available'
      ? clientTool
        ? unsent
          ? 'Not sent'
          : sending
            ? 'Sending your answer…'
            : 'Answered'
        : 'Done'
      : part.state === 'output-error'
        ? clientTool
          ? 'Not answered'
          : 'Failed'
        : ''
  return (
    <section className={`fb-card fb-tool ${waiting ? 'fb-card-readonly' : part.state === 'output-error' ? 'fb-card-closed' : 'fb-card-done'}`} aria-labelledby={id}>
      <details className="fb-tool-details" open={Boolean(clientTool) || waiting}>
        <summary className="fb-card-header">
          <span id={id} className="fb-card-title">
            {humanize(name)}
          </span>
          <span className="fb-progress">{status}</span>
        </summary>
        <ValueList value={part.input} label="Request" />
        {part.state === 'output-available' ? <ValueList value={part.output} label="Result" /> : null}
        {part.state === 'output-error' ? <p className="fb-card-text">{part.errorText}</p> : null}
      </details>
      {unsent ? <NotSentNote onRetry={onRetry} /> : null}
    </section>
  )
}
