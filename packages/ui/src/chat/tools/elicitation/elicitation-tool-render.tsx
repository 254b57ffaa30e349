import { useId, useState } from 'react'
import type { ToolRenderProps } from '../../tool-renderers.ts'
import { toolNameOf } from '../../tool-parts.ts'
import { CallFacts } from '../call-facts.tsx'
import { GenericToolRender } from '../generic/generic-tool-render.tsx'
import { type FieldValue, humanize } from '../generic/schema-fields.ts'
import { ValueList } from '../generic/value-list.tsx'
import { SettledCard } from '../settled-card.tsx'
import { ElicitationForm } from './elicitation-form.tsx'
import { elicitationRequestOf } from './elicitation-request.ts'

/**
 * The built-in renderer of a call where an MCP server's tool asks a person for input (kind
 * `mcp-elicitation`, docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input). `ToolPart` uses it
 * for every such call unless `toolRenderers` has a renderer of kind `mcp-elicitation` (or of the
 * tool's name). While the call waits here with the actions: the form drawn from the server's
 * `requestedSchema`, or its link, with Accept (Done for a link) and Decline (`ElicitationForm`);
 * what was typed is the card's draft. Waiting without the actions: the server's message and
 * "Waiting for an answer" ("… in Slack" in a channel conversation). Once settled: "Deploy:
 * answered" (or "declined") and the MCP tool's result; otherwise the tool's request and result, as
 * for any server tool (`GenericToolRender`).
 */
export function ElicitationToolRender(props: ToolRenderProps) {
  const { part, call, settlement, addToolOutput, dismiss, isReadonly, channelLabel, error, draft, onDraftChange } = props
  const [values, setValues] = useState<Record<string, FieldValue> | undefined>(() => (draft && typeof draft === 'object' && !Array.isArray(draft) ? (draft as Record<string, FieldValue>) : undefined))
  const id = useId()
  const request = elicitationRequestOf(call)
  const name = toolNameOf(part)
  if (settlement && part.state === 'output-available') {
    return (
      <SettledCard outcome="done" title={`${humanize(name)}: ${settlement.outcome === 'dismissed' ? 'declined' : 'answered'}`} kind="fb-elicitation">
        <ValueList value={part.output} label="Result" />
      </SettledCard>
    )
  }
  if (part.state !== 'input-available' || !request) return <GenericToolRender {...props} />
  if (addToolOutput && dismiss && !isReadonly) {
    return (
      <ElicitationForm
        toolName={name}
        request={request}
        call={call}
        error={error}
        values={values}
        onValuesChange={(next) => {
          setValues(next)
          onDraftChange?.(next)
        }}
        onSubmit={addToolOutput}
        onDecline={() => dismiss()}
      />
    )
  }
  return (
    <section className="fb-card fb-elicitation fb-card-readonly" aria-labelledby={id}>
      <header className="fb-card-header">
        <h3 id={id} className="fb-card-title">
          {humanize(name)}
        </h3>
        <span className="fb-progress">{isReadonly && channelLabel ? `Waiting for an answer in ${channelLabel}` : 'Waiting for an answer'}</span>
      </header>
      {request.message ? <p className="fb-card-text">{request.message}</p> : null}
      <CallFacts call={call} />
    </section>
  )
}
