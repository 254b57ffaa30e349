import { z } from 'zod'
import { ChatStateSchema } from './chat.ts'
import { PendingCallSchema } from './pending-call.ts'
import { ApprovalVoteSchema, SettlementWithPartSchema } from './settlement.ts'

const UsageSchema = z.object({ inputTokens: z.number().optional(), outputTokens: z.number().optional(), totalTokens: z.number().optional() }).loose()

/**
 * A turn that ran to its end (seed: "Answer over HTTP"). `text` is the text this turn added to
 * `messageId`; `stopped` is present when someone stopped the turn, `shutdown` (instead) when the
 * server shut down while it ran: it ended there, keeping what it generated (and the result of an
 * server tool that finished within the shutdown's grace), and the chat takes the next message.
 */
export const CompleteTurnSchema = z.object({
  status: z.literal('complete'),
  chatId: z.string(),
  messageId: z.string(),
  text: z.string(),
  finishReason: z.string(),
  usage: UsageSchema,
  stopped: z.literal(true).optional().describe('present when the turn was stopped (a Stop)'),
  shutdown: z
    .literal(true)
    .optional()
    .describe('present when the server shut down while the turn ran, ending it there')
})

/** A turn paused at client tool calls: `pending` lists them (seed: "Answer over HTTP"). */
export const AwaitingInputSchema = z.object({ status: z.literal('awaiting-input'), chatId: z.string(), pending: z.array(PendingCallSchema) })

/**
 * A message sent while the chat was `running` or `awaiting`: stored in the chat's queue, not sent to
 * the model yet (HTTP 202; a stream answers one transient `data-queued` part with these fields).
 */
export const QueuedTurnSchema = z.object({
  status: z.literal('queued'),
  chatId: z.string(),
  messageId: z.string(),
  delivery: z.literal('queue')
})

/** `POST /api/agents/:slug` JSON answers. */
export const TurnResultSchema = z.union([CompleteTurnSchema, AwaitingInputSchema])

/**
 * A dismissal (or a settle that ended the step without calling the model): `state` is the chat's
 * state after it (`idle`, or `running` when a queued message started at once).
 */
export const DismissedSchema = z.object({
  status: z.literal('dismissed'),
  chatId: z.string(),
  messageId: z.string(),
  state: ChatStateSchema,
  settlement: SettlementWithPartSchema
})

/** `POST …/settle` JSON answers (seed: "Answer over HTTP"): the turn result plus `settlement`, or a dismissal. */
export const SettleResultSchema = z.union([
  CompleteTurnSchema.extend({ settlement: SettlementWithPartSchema }),
  AwaitingInputSchema.extend({ settlement: SettlementWithPartSchema }),
  AwaitingInputSchema.extend({ vote: ApprovalVoteSchema.extend({ toolCallId: z.string() }).describe('a vote on an approval that needs more people (approval.quorum)') }),
  DismissedSchema
])

export type CompleteTurn = z.output<typeof CompleteTurnSchema>
export type AwaitingInputTurn = z.output<typeof AwaitingInputSchema>
export type QueuedTurn = z.output<typeof QueuedTurnSchema>
export type TurnResult = z.output<typeof TurnResultSchema>
export type DismissedResult = z.output<typeof DismissedSchema>
export type SettleResult = z.output<typeof SettleResultSchema>
