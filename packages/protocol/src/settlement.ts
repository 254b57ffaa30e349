import { z } from 'zod'

/**
 * Who settled a call (docs/chat/turns.md), exactly one of:
 * - a user: `{ userId }`, plus `token: { name, prefix }` when an API token was used;
 * - `{ anonymous: true }`: a caller without an account, on an owner-less chat;
 * - a channel participant: `{ channel: { piece, instance?, userId, name?, email? }, userId? }`
 *   (`instance` is the piece's instance, absent in settlements recorded before it was kept; `email`
 *   where the platform shares one; `userId` is the FrogBot user the piece matched, when it could);
 * - `{ system: true }`: FrogBot itself (expiry, cancelling the siblings of a dismissed call);
 * - an answer link from a notice (docs/chat/reach-people.md "Answer links"): `{ link: { recipient } }`,
 *   the address the link was sent to, plus `userId` when a FrogBot user has that email.
 */
export const SettledBySchema = z.union([
  // Before `{ userId }`, which would match a link's settlement and drop its `link`.
  z.object({ link: z.object({ recipient: z.string() }), userId: z.string().optional() }),
  z.object({ userId: z.string(), token: z.object({ name: z.string(), prefix: z.string() }).optional() }),
  z.object({ anonymous: z.literal(true) }),
  z.object({
    channel: z.object({ piece: z.string(), instance: z.string().optional(), userId: z.string(), name: z.string().optional(), email: z.string().optional() }),
    userId: z.string().optional()
  }),
  z.object({ system: z.literal(true) })
])

/** See {@link SettledBySchema}. */
export type SettledBy = z.output<typeof SettledBySchema>

/**
 * One vote on a call that needs several approvals (`approval.quorum`): who voted, when (ISO 8601),
 * yes or no, and the optional reason (docs/agents/approvals.md).
 */
export const ApprovalVoteSchema = z.object({
  by: SettledBySchema,
  at: z.string().describe('ISO 8601'),
  approved: z.boolean(),
  reason: z.string().optional()
})

/** See {@link ApprovalVoteSchema}. */
export type ApprovalVote = z.output<typeof ApprovalVoteSchema>

/**
 * How a call ended (docs/chat/turns.md): answered, dismissed by a person, cancelled with its
 * step, or expired; an approval (docs/agents/approvals.md) ends `approved` (its tool then runs) or `denied`.
 */
export const SettlementOutcomeSchema = z.enum(['answered', 'dismissed', 'cancelled', 'expired', 'approved', 'denied'])

/** See {@link SettlementOutcomeSchema}. */
export type SettlementOutcome = z.output<typeof SettlementOutcomeSchema>

/**
 * The record of one settled call, kept on its message in `settlements` (seed: "Who can answer").
 * `at` is ISO 8601; `reason` is the optional reason of a dismissal, an approval or a denial (at
 * most 1000 characters). An approval records `input` when the approver edited the tool's input
 * (the stored call keeps the model's), and `votes` when it needed several people.
 */
export const SettlementSchema = z.object({
  toolCallId: z.string(),
  outcome: SettlementOutcomeSchema,
  by: SettledBySchema,
  at: z.string().describe('ISO 8601'),
  reason: z.string().optional(),
  input: z.unknown().optional().describe('approved with an edited input: the input the tool ran with'),
  votes: z.array(ApprovalVoteSchema).optional().describe('an approval that needed several people: every vote, in order')
})

/** See {@link SettlementSchema}. */
export type Settlement = z.output<typeof SettlementSchema>

/** A settlement as settle answers return it: the record plus the stored AI SDK tool part (`part`). */
export const SettlementWithPartSchema = SettlementSchema.extend({
  part: z.unknown().describe('the stored AI SDK tool UI part, with the answer or the tool error')
})

/** See {@link SettlementWithPartSchema}. */
export type SettlementWithPart = z.output<typeof SettlementWithPartSchema>
