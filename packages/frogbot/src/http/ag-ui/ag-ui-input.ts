import { z } from 'zod'

/**
 * AG-UI's `RunAgentInput` (`@ag-ui/core` 1.0: `threadId`, `runId`, `messages`, and optionally
 * `protocolVersion`, `parentRunId`, `state`, `tools`, `context`, `forwardedProps`, `resume`), with
 * the fields the AG-UI door reads checked (docs/protocols/ag-ui.md); the others pass through unread.
 * A key `RunAgentInput` does not have is refused, naming it, as every door refuses unknown keys.
 */
export const AgUiRunInput = z.strictObject({
  protocolVersion: z.unknown().optional(),
  parentRunId: z.unknown().optional(),
  state: z.unknown().optional(),
  tools: z.unknown().optional(),
  context: z.unknown().optional(),
  forwardedProps: z.unknown().optional(),
  threadId: z.string().min(1).describe('The FrogBot chat id: a new one starts the chat, the same one continues it'),
  runId: z.string().min(1),
  messages: z
    .array(z.looseObject({ id: z.string(), role: z.string(), content: z.unknown().optional() }))
    .describe('Without `resume`, the last one is the user message to send; earlier ones are not read'),
  resume: z
    .array(
      z.object({
        interruptId: z.string().min(1).describe('The tool call id of the pending call'),
        status: z.enum(['resolved', 'cancelled']),
        payload: z.unknown().optional().describe('The output (for an approval, `{ approved, reason?, input? }`)'),
        metadata: z.record(z.string(), z.unknown()).optional()
      })
    )
    .optional()
    .describe('Answers to every interrupt the previous run ended with')
})
