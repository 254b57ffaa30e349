import { z } from 'zod'
import { ERROR_CODES } from './error-codes.ts'
import { PendingCallSchema } from './pending-call.ts'
import { SettlementWithPartSchema } from './settlement.ts'

/**
 * Every error answer (FrogBot's flat shape): `{ error: "<message for a person>", code }`, plus the
 * fields a caller needs to recover. `code` is absent only for a malformed body (seed: "Answer over
 * HTTP": "returns `400` without a `code`").
 */
export const ErrorBodySchema = z.object({
  error: z.string().describe('what went wrong and what to do, for a person'),
  code: z.enum(ERROR_CODES).optional(),
  settlement: SettlementWithPartSchema.nullable().optional().describe('with 409 already-settled: the stored answer in `settlement.part`'),
  pending: z.array(PendingCallSchema).optional().describe('with 409 pending-calls: the calls still waiting'),
  chatId: z.string().optional().describe('with 502 model-error: the chat that keeps what the model generated'),
  messageId: z.string().nullable().optional(),
  retryAfter: z.number().optional().describe('with 429: seconds to wait, also in `Retry-After`')
})

/** See {@link ErrorBodySchema}. */
export type ErrorBody = z.output<typeof ErrorBodySchema>
