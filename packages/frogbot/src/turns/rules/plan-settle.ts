import { isDeepStrictEqual } from 'node:util'
import { type ApprovalVote, CANCELLED_BY_DISMISSAL_TEXT, CANCELLED_BY_EXPIRY_TEXT, type ChatState, dismissedText, EXPIRED_TEXT, MCP_ELICITATION_KIND, type SettledBy } from '@frogbotai/protocol'
import type { SettleInput } from '../../contract/turns.ts'
import type { CallRecord } from '../../store/chat-records.ts'
import type { CallClosing } from './close-calls.ts'
import type { McpResume } from '../../tools/mcp-elicitation.ts'

/**
 * What a settle does to one call: the settle door's input as every door gives it (answer it with
 * `output`, dismiss it with an optional `reason`), or FrogBot's own expiry of it (`expired: true`).
 */
export type SettleAction = SettleInput | { toolCallId: string; expired: true }

/** Whether `action` answers its call (with `output`). */
export const isAnswer = (action: SettleAction): action is SettleAction & { output: unknown } => 'output' in action

/** Whether `action` approves or denies a call waiting for approval. */
export const isDecision = (action: SettleAction): action is Extract<SettleAction, { approved: boolean }> => 'approved' in action

/** Whether `action` ends its step without the model (a dismissal or an expiry), cancelling the step's other calls. */
const isEnding = (action: SettleAction) => 'dismissed' in action || 'expired' in action

/** Whether `action` is FrogBot's expiry of its call. */
const isExpiry = (action: SettleAction): action is { toolCallId: string; expired: true } => 'expired' in action

/** Why a settle cannot be applied to the chat as it is now. */
export type SettleRefusal =
  | { refused: 'call-not-found'; toolCallId: string }
  | { refused: 'already-settled'; toolCallId: string }
  | { refused: 'already-voted'; toolCallId: string; vote: ApprovalVote }
  | { refused: 'not-awaiting' }
  | { refused: 'pending-calls'; missing: CallRecord[] }

/** A vote recorded on a call that needs several approvals and still waits for more: the call's votes after it. */
export type CallVotes = { toolCallId: string; votes: ApprovalVote[] }

/**
 * A settle to apply: every call it closes, and what the chat does next:
 * - `continue`: the last pending call of the step was answered: the model runs again, once;
 * - `idle`: a dismissal or expiry ended the step (its other waiting calls are cancelled); the
 *   model is not called;
 * - `awaiting`: other calls of the step still wait (`remaining`).
 * With `refusal`, the closings are FrogBot's expiry of a call past its deadline, found while
 * deciding the caller's actions: they are applied, and then the caller is refused (`already-settled`
 * with the expired call's settlement, as if the sweep had run first).
 */
export type SettlePlan = { closings: CallClosing[]; votes: CallVotes[]; next: 'continue' | 'idle' | 'awaiting'; remaining: CallRecord[]; refusal?: SettleRefusal }

type PlanInput = {
  state: ChatState
  calls: CallRecord[]
  actions: SettleAction[]
  by: SettledBy
  at: string
  wholeStep?: boolean
}

/** The first refusal of `actions` by the rules that need no user code: the call exists, still waits, and the chat awaits input. */
function refusalOf({ state, calls, actions }: Pick<PlanInput, 'state' | 'calls' | 'actions'>): SettleRefusal | null {
  const byId = new Map(calls.map((call) => [call.toolCallId, call]))
  for (const action of actions) {
    const call = byId.get(action.toolCallId)
    if (!call) return { refused: 'call-not-found', toolCallId: action.toolCallId }
    if (call.status !== 'pending') return { refused: 'already-settled', toolCallId: action.toolCallId }
  }
  return state === 'awaiting' ? null : { refused: 'not-awaiting' }
}

/** A targeted call still pending past its `client.expiresIn` deadline at `at`, when the caller does more than expire. */
function overdueCall({ state, calls, actions, at }: PlanInput): CallRecord | undefined {
  if (state !== 'awaiting' || actions.every(isExpiry)) return undefined
  const targeted = new Set(actions.map((action) => action.toolCallId))
  return calls.find((call) => targeted.has(call.toolCallId) && call.status === 'pending' && call.expiresAt !== null && call.expiresAt <= at)
}

/**
 * FrogBot's expiry of `overdue` (it ends the step), and the refusal the caller's actions get
 * from the chat as the expiry leaves it.
 */
function expiryFirst(input: PlanInput, overdue: CallRecord): SettlePlan {
  const expiry = planSettle({ ...input, actions: [{ toolCallId: overdue.toolCallId, expired: true }], wholeStep: false }) as SettlePlan
  const closed = new Map(expiry.closings.map((closing) => [closing.toolCallId, closing.outcome]))
  const after = input.calls.map((call) => ({ ...call, status: closed.get(call.toolCallId) ?? call.status }))
  return { ...expiry, refusal: refusalOf({ state: 'idle', calls: after, actions: input.actions })! }
}

/**
 * Who a vote counts as (docs/agents/approvals.md: a quorum counts distinct people): a FrogBot user
 * whichever door they vote through, a channel participant the piece matched no user to by their
 * platform id, every anonymous caller as one.
 */
export function voterOf(by: SettledBy): string {
  if ('userId' in by && by.userId) return `user:${by.userId}`
  if ('link' in by) return `link:${by.link.recipient.toLowerCase()}`
  if ('channel' in by) return `channel:${by.channel.piece}:${by.channel.instance ?? ''}:${by.channel.userId}`
  return 'anonymous' in by ? 'anonymous' : 'system'
}

/**
 * What a decision does to its call: a no, or a yes that completes the call's quorum (or a call
 * without one), closes it (`closing`); a yes that leaves the quorum short is a vote (`votes`, the
 * call's votes after it); a second vote by the same person is refused (`already-voted`).
 */
function decided(call: CallRecord, action: Extract<SettleAction, { approved: boolean }>, by: SettledBy, at: string): { closing: CallClosing } | { votes: ApprovalVote[] } | SettleRefusal {
  const { approved, reason } = action
  const edited = 'input' in action && action.input !== undefined ? { input: action.input } : {}
  const base = { toolCallId: call.toolCallId, outcome: approved ? ('approved' as const) : ('denied' as const), by, at, ...(reason ? { reason } : {}), ...edited, approval: { approved } }
  if (call.quorum === null) return { closing: base }
  const voter = voterOf(by)
  const earlier = call.votes.find((vote) => voterOf(vote.by) === voter)
  if (earlier) return { refused: 'already-voted', toolCallId: call.toolCallId, vote: earlier }
  const votes = [...call.votes, { by, at, approved, ...(reason ? { reason } : {}) }]
  if (approved && votes.filter((vote) => vote.approved).length < call.quorum) return { votes }
  return { closing: { ...base, votes } }
}

/** The closing of one action that is not a decision: an answer, a dismissal or FrogBot's expiry. */
function closingOf(action: SettleAction, by: SettledBy, at: string): CallClosing {
  if (isAnswer(action)) return { toolCallId: action.toolCallId, outcome: 'answered', by, at, output: action.output }
  if ('dismissed' in action) return { toolCallId: action.toolCallId, outcome: 'dismissed', by, at, reason: action.reason, errorText: dismissedText(action.reason) }
  return { toolCallId: action.toolCallId, outcome: 'expired', by: { system: true }, at, errorText: EXPIRED_TEXT }
}

/**
 * Decides a settle from the chat as it is now (pure; the seed's "Answer over HTTP" and "Dismiss";
 * docs/agents/approvals.md): every call must exist (`call-not-found`) and still wait
 * (`already-settled`: the first answer wins), the chat must be `awaiting` (`not-awaiting`), a
 * person votes once on an approval that needs several (`already-voted`), and with `wholeStep`
 * (the chat UI's resubmission) the actions must leave no call of the step waiting
 * (`pending-calls`). A targeted call past its deadline at `at` is expired first, in the same write
 * (see {@link SettlePlan}'s `refusal`). A dismissal or expiry cancels the step's other waiting
 * calls with FrogBot's texts; an approval or a denial, like an answer, lets the step continue once
 * nothing waits. `calls` holds the targeted calls and every call still pending in the chat; `by`
 * is who settles. The settle door asks it twice on one snapshot: before the checks that run user
 * code (for its refusals and expiries) and after them, with the checked outputs.
 */
export function planSettle(input: PlanInput): SettleRefusal | SettlePlan {
  const { calls, actions, by, at, wholeStep = false } = input
  const overdue = overdueCall(input)
  if (overdue) return expiryFirst(input, overdue)
  const refusal = refusalOf(input)
  if (refusal) return refusal

  const byId = new Map(calls.map((call) => [call.toolCallId, call]))
  const targeted = new Set(actions.map((action) => action.toolCallId))
  const others = calls.filter((call) => call.status === 'pending' && !targeted.has(call.toolCallId))
  const ending = actions.find(isEnding)
  if (wholeStep && !ending && others.length > 0) return { refused: 'pending-calls', missing: others }

  const closings: CallClosing[] = []
  const votes: CallVotes[] = []
  for (const action of actions) {
    const elicited = byId.get(action.toolCallId)?.kind === MCP_ELICITATION_KIND
    if (elicited && isAnswer(action) && !('dismissed' in action)) {
      // An MCP server's request for input, checked into the response it gets back: the MCP tool
      // runs again with it in the continuation (docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input).
      const response = action.output as McpResume['response']
      closings.push({ toolCallId: action.toolCallId, outcome: response.action === 'decline' ? 'dismissed' : 'answered', by, at, approval: { approved: true }, mcpResponse: response })
      continue
    }
    if (!isDecision(action)) {
      closings.push(closingOf(action, by, at))
      continue
    }
    const decision = decided(byId.get(action.toolCallId)!, action, by, at)
    if ('refused' in decision) return decision
    if ('closing' in decision) closings.push(decision.closing)
    else votes.push({ toolCallId: action.toolCallId, votes: decision.votes })
  }
  const voted = new Map(votes.map((entry) => [entry.toolCallId, entry.votes]))
  const waiting = [...others, ...calls.filter((call) => voted.has(call.toolCallId)).map((call) => ({ ...call, votes: voted.get(call.toolCallId)! }))]
  if (ending) {
    const errorText = 'dismissed' in ending ? CANCELLED_BY_DISMISSAL_TEXT : CANCELLED_BY_EXPIRY_TEXT
    for (const call of waiting) closings.push({ toolCallId: call.toolCallId, outcome: 'cancelled', by: { system: true }, at, errorText })
    return { closings, votes: [], next: 'idle', remaining: [] }
  }
  return { closings, votes, next: waiting.length === 0 ? 'continue' : 'awaiting', remaining: waiting }
}

/**
 * The actions of a whole-step resubmission (the chat UI's `useChat` sends the step's every client
 * tool output and approval response) less those it merely repeats: an answer to a call already
 * answered, with the output stored for it, or the decision already stored for an approval, is the
 * browser's copy of the step, not a competing answer (the seed's "Answer in the chat UI": "the
 * first answer wins" is about different answers). `answered` holds the stored output of each
 * answered call, by `toolCallId`. When every action repeats, nothing is passed over, so the planner
 * refuses the first with `already-settled` and the stored settlement. Pure.
 */
export function withoutRepeats(actions: SettleAction[], calls: CallRecord[], answered: ReadonlyMap<string, unknown>): SettleAction[] {
  const byId = new Map(calls.map((call) => [call.toolCallId, call]))
  const repeats = (action: SettleAction) => {
    const status = byId.get(action.toolCallId)?.status
    if (isDecision(action)) return status === (action.approved ? 'approved' : 'denied')
    return isAnswer(action) && status === 'answered' && answered.has(action.toolCallId) && isDeepStrictEqual(answered.get(action.toolCallId), action.output)
  }
  const kept = actions.filter((action) => !repeats(action))
  return kept.length > 0 ? kept : actions
}
