import { z } from 'zod'

/** AG-UI's `Metadata`: a JSON object (not an array, not `null`). */
const Metadata = z.record(z.string(), z.unknown(), { error: "must be an object (AG-UI's Metadata)" })

/**
 * A field AG-UI's schema (`@ag-ui/core` 1.0) types as any JSON value but `null` (`payload`,
 * `forwardedProps`): absent is none, `null` is refused naming it (`forwardedProps: must not be
 * null; leave it out for none`), as AG-UI's own `RunAgentInputSchema` refuses it; AG-UI's clients
 * leave such a field out (`omitOptionalNulls`) rather than send `null`.
 */
const AnyButNull = (what: string) =>
  z.unknown().refine((value) => value !== null, `must not be null; leave it out for none (AG-UI's ${what})`)

/**
 * AG-UI's `Tool` (`@ag-ui/core` 1.0), a tool the client offers the agent: `name` and `description`
 * text, optionally `parameters` (a JSON Schema, not `null`) and `metadata`. Loose as AG-UI's own
 * schema is: the door does not read a client's tools (docs/protocols/ag-ui.md), only holds their type.
 */
const AgUiTool = z.looseObject({
  name: z.string(),
  description: z.string(),
  parameters: z.unknown().refine((value) => value !== null, 'must not be null').optional(),
  metadata: Metadata.optional()
})

/** AG-UI's `Context`: a `description` and a `value`, both text. Loose as AG-UI's; not read by the door. */
const AgUiContext = z.looseObject({ description: z.string(), value: z.string() })

/**
 * One entry of `resume`: AG-UI's `ResumeEntry` (`interruptId`, `status`, and optionally `payload` and
 * `metadata`), strict where AG-UI's schema is loose: the door reads the entry, so a key it does not
 * have (a misspelt `paylod`) is refused naming `resume.N`, never a resume without its answer.
 */
const AgUiResumeEntry = z.strictObject({
  interruptId: z.string().min(1).describe('The tool call id of the pending call'),
  status: z.enum(['resolved', 'cancelled']),
  payload: AnyButNull('ResumeEntry')
    .optional()
    .describe('The output (for an approval, `{ approved, reason?, input? }`)'),
  metadata: Metadata.optional()
})

/**
 * AG-UI's `RunAgentInput` (`@ag-ui/core` 1.0: `threadId`, `runId`, `messages`, and optionally
 * `protocolVersion`, `parentRunId`, `state`, `tools`, `context`, `forwardedProps`, `resume`), each
 * of its fields of AG-UI's type (else refused, naming it); the fields the AG-UI door reads checked
 * further (docs/protocols/ag-ui.md), the others taken and not read. A key `RunAgentInput` does not
 * have is refused, naming it, as every door refuses unknown keys.
 */
export const AgUiRunInput = z.strictObject({
  protocolVersion: z.string().optional(),
  parentRunId: z.string().optional(),
  state: z.unknown().optional(),
  tools: z.array(AgUiTool).optional(),
  context: z.array(AgUiContext).optional(),
  forwardedProps: AnyButNull('RunAgentInput').optional(),
  threadId: z.string().min(1).describe('The FrogBot chat id: a new one starts the chat, the same one continues it'),
  runId: z.string().min(1),
  messages: z
    .array(z.looseObject({ id: z.string(), role: z.string(), content: z.unknown().optional() }))
    .describe('Without `resume`, the last one is the user message to send; earlier ones are not read'),
  resume: z
    .array(AgUiResumeEntry)
    .optional()
    .describe('Answers to every interrupt the previous run ended with')
})
