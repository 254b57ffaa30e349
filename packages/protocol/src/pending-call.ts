import { z } from 'zod'

/**
 * A client tool call that waits for an answer (seed: "Answer over HTTP", the `pending` entries;
 * also `call` in `client.access({ req, call })`). `createdAt` is ISO 8601.
 */
export const PendingCallSchema = z.object({
  toolCallId: z.string(),
  toolName: z.string(),
  input: z.unknown(),
  messageId: z.string(),
  chatId: z.string(),
  agentSlug: z.string(),
  createdAt: z.string().describe('ISO 8601')
})

/** See {@link PendingCallSchema}. */
export type PendingCall = z.output<typeof PendingCallSchema>
