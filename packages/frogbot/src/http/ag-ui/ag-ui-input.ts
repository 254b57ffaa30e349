import { z } from 'zod'

/**
 * The fields of AG-UI's `RunAgentInput` the AG-UI door reads (docs/protocols/ag-ui.md); other
 * fields (`tools`, `context`, `state`, `forwardedProps`) pass through unread.
 */
export const AgUiRunInput = z.looseObject({
  threadId: z.string().min(1).describe('The FrogBot chat id: a new one starts the chat, the same one continues it'),
  runId: z.string().min(1),
  messages: z.array(z.looseObject({ id: z.string(), role: z.string(), content: z.unknown().optional() })).describe('Without `resume`, the last one is the user message to send'),
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
