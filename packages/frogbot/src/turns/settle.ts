import { isToolUIPart } from 'ai'
import type { Caller } from '../contract/caller.ts'
import type { SettleInput, SettleOutcome } from '../contract/turns.ts'
import { systemCaller } from '../auth/callers.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { ChatState, FrogbotMessageMetadata, SettlementWithPart } from '@frogbotai/protocol'
import { type CallRecord, type ChatRecord, toPendingCall } from '../store/chat-records.ts'
import type { ChatPatch } from '../store/chat-store.ts'
import type { SettleSnapshot, VersionedMessage } from '../store/turn-write-shapes.ts'
import { announceSettled } from './run/turn-events.ts'
import { checkChat, settledByOf } from './chat-access.ts'
import { effectiveState } from '../store/effective-state.ts'
import { answeredOutputs, closeCalls, settlementOf } from './rules/close-calls.ts'
import { type SettleAction, type SettlePlan, type SettleRefusal, planSettle, withoutRepeats } from './rules/plan-settle.ts'
import { runTurn } from './run/run-turn.ts'
import { checkAction } from './settle-checks.ts'
import { settledCalls } from './settled-calls.ts'
import { clipText } from '../text/clip-text.ts'
import { type SettledAs, settledSentence } from './rules/settled-text.ts'
import { isoIn, newLeaseOwner, type TurnServices } from './services.ts'
import type { McpResume } from '../tools/mcp-elicitation.ts'

/**
 * Where the door's request carried the output of call `toolCallId` (`messages.1.parts.2.output`
 * in a `useChat` resubmission), which a refusal of that output names; `undefined` for the settle
 * body's `output`.
 */
export type OutputField = (toolCallId: string) => string | undefined

/** The field of a second answer to call `toolCallId` in one request, named in its refusal (`refuseTwice`). */
type FieldOf = (toolCallId: string) => string | undefined

/** What every settle names: the chat (of `agentSlug`, if given), who settles, how the door reads it. */
type DoorOptions = {
  chatId: string
  agentSlug?: string
  req: Caller
  wholeStep?: boolean
  outputField?: OutputField
}

/** Outcomes a person gave first: a later settle is told that the first answer wins. */
const GIVEN_FIRST = new Set(['answered', 'approved', 'denied'])

/**
 * What a settle of a call already settled is told, true to its outcome (docs/http/errors.md):
 * answered (or decided) first, `This call was already settled; the first answer wins.`; else how it
 * ended (`settledSentence`) and `; it can no longer be settled.`: `This call was cancelled: the
 * turn was stopped; …`, `This call was dismissed; …`, `This call expired without an answer; …`.
 */
function alreadySettled(settlement: SettledAs | null | undefined): FrogbotError {
  const given = !settlement || GIVEN_FIRST.has(settlement.outcome)
  const text = given
    ? 'This call was already settled; the first answer wins.'
    : `${settledSentence('This call', false, settlement)}; it can no longer be settled.`
  return new FrogbotError('already-settled', text, { settlement })
}

function refusalError(refusal: SettleRefusal, state: ChatState, { calls, messages }: SettleSnapshot, settled?: SettlementWithPart | null): FrogbotError {
  switch (refusal.refused) {
    case 'call-not-found':
      return new FrogbotError('call-not-found', `No pending call "${clipText(refusal.toolCallId, 100)}" in this chat.`, { resource: 'call' })
    case 'already-settled': {
      const messageId = calls.find((call) => call.toolCallId === refusal.toolCallId)?.messageId
      const settlement = (settled?.toolCallId === refusal.toolCallId ? settled : null) ?? settlementOf(messages.find((message) => message.id === messageId) ?? null, refusal.toolCallId)
      return alreadySettled(settlement)
    }
    case 'already-voted':
      return new FrogbotError('already-voted', 'You already voted on this call; each person votes once.', { vote: refusal.vote })
    case 'not-awaiting':
      return new FrogbotError('not-awaiting', `The chat is ${state}, not waiting for input.`)
    case 'pending-calls':
      return new FrogbotError('pending-calls', 'Other calls of this step still need an answer.', { pending: refusal.missing.map(toPendingCall) })
  }
}

/** Closes a call past its `client.expiresIn` through the door, as FrogBot (README: `client.expiresIn`); whether it closed it. */
export async function expireCall(services: TurnServices, call: CallRecord): Promise<boolean> {
  try {
    await settleActions(services, { chatId: call.chatId, actions: [{ toolCallId: call.toolCallId, expired: true }], req: systemCaller() })
    return true
  } catch (error) {
    if (FrogbotError.isInstance(error) && ['already-settled', 'not-awaiting', 'call-not-found', 'not-found'].includes(error.code)) return false
    throw error
  }
}

/**
 * Refuses a settle that gives two actions for one call (`400 bad-request`, naming the call, and
 * the field of its second action: `fieldOf(toolCallId)` when the door knows it, else
 * `inputs.N.toolCallId`), before anything is read or stored: one request settles a call once,
 * even when both actions are the same (an answer given twice is not a conflict to retry).
 */
function refuseTwice(actions: SettleAction[], fieldOf?: (toolCallId: string) => string | undefined): void {
  const seen = new Set<string>()
  for (const [index, { toolCallId }] of actions.entries()) {
    if (seen.has(toolCallId)) {
      const field = fieldOf?.(toolCallId) ?? `inputs.${index}.toolCallId`
      throw new FrogbotError('bad-request', `${field}: call ${JSON.stringify(clipText(toolCallId, 80))} is settled twice in this request; send one answer per call`, { toolCallId })
    }
    seen.add(toolCallId)
  }
}

/** What {@link decide} settles on: the plan, and the call whose settlement the outcome (or the refusal after an expiry) reports. */
type Decision = { plan: SettlePlan; reported: string }

/**
 * Decides a settle on one snapshot, asking the planner before the checks that run user code (its
 * refusals and the expiry of a call past its deadline) and after them, with the checked outputs.
 * Throws the planner's refusal, or a check's. `checked` keeps each call's check across attempts.
 */
async function decide(
  services: TurnServices,
  options: {
    snapshot: SettleSnapshot
    agent: ResolvedAgent
    req: Caller
    actions: SettleAction[]
    wholeStep: boolean
    whoOnly: boolean
    checked: Map<string, Promise<SettleAction>>
    outputField?: OutputField
  }
): Promise<Decision> {
  const { snapshot, agent, req, actions, wholeStep, whoOnly, checked, outputField } = options
  const { chat, calls, messages } = snapshot
  const now = isoIn(services)
  const state = effectiveState(chat, now)
  const current = wholeStep ? withoutRepeats(actions, calls, answeredOutputs(messages)) : actions
  const ask = (given: SettleAction[]) => planSettle({ state, calls, actions: given, by: settledByOf(req), at: now, wholeStep })
  const early = ask(current)
  if ('refused' in early && early.refused !== 'pending-calls') throw rememberedRefusal(services, chat, refusalError(early, state, snapshot))
  if (!('refused' in early) && early.refusal) return { plan: early, reported: refusedCall(early.refusal) ?? current[0].toolCallId }
  const byId = new Map(calls.map((call) => [call.toolCallId, call]))
  const checkedActions = await Promise.all(
    current.map((action) => {
      const call = byId.get(action.toolCallId)!
      const check = () => checkAction(agent, req, call, action, whoOnly, outputField)
      if (!checked.has(action.toolCallId)) checked.set(action.toolCallId, check())
      return checked.get(action.toolCallId)!
    })
  )
  const plan = ask(checkedActions)
  if ('refused' in plan) throw refusalError(plan, state, snapshot)
  return { plan, reported: current[0].toolCallId }
}

/** `error`, after keeping the settlement an `already-settled` refusal reports in this process's record of settled calls. */
function rememberedRefusal(services: TurnServices, chat: ChatRecord, error: FrogbotError): FrogbotError {
  const settlement = error.code === 'already-settled' ? (error.data as { settlement?: ReturnType<typeof settlementOf> } | undefined)?.settlement : null
  if (settlement) settledCalls.remember(services, chat, [settlement])
  return error
}

/** The call a refusal names, if any. */
function refusedCall(refusal: SettleRefusal): string | null {
  return refusal.refused === 'call-not-found' || refusal.refused === 'already-settled' ? refusal.toolCallId : null
}

/**
 * The one settle door (docs/chat/questions.md; the seed): every door (HTTP settle, the chat
 * UI's resubmission, the CLI, channel pieces, the app's code, expiry) settles calls through it, as
 * `req` says who and through which door. Checks, in this order, with nothing stored on a refusal:
 * 1. the chat: `not-found` unless `req` may read it (and it belongs to `agentSlug`, when given),
 *    or, in a web chat, is an assignee of every call it settles (docs/chat/reach-people.md);
 *    the agent's `access` (`unauthorized`, `forbidden`); the chat's home (`409 channel-chat`);
 * 2. each call exists (`404 call-not-found`) and still waits (`409 already-settled` with the stored
 *    settlement); the chat awaits input (`409 not-awaiting`). A targeted call past its deadline is
 *    expired by FrogBot in the same compare-and-set, and the caller then gets `already-settled`;
 * 3. each answer: the tool still exists unchanged (`409 tool-unavailable`), `client.access`
 *    (`403 forbidden`, dismissals too), `outputSchema` and `client.validate` (`400 invalid-output`);
 *    each decision on a call waiting for approval (docs/agents/approvals.md): the tool intact for a
 *    yes, `approval.access` (`403`), an edited input against `inputSchema` (`400 invalid-input`),
 *    one vote a person on a quorum (`409 already-voted`); see `settle-checks.ts`;
 * 0. two actions for one call are `400 bad-request` (see `refuseTwice`; `fieldOf` names the field);
 *    a refusal of an output names its field as `outputField` gives it (see {@link OutputField});
 * 4. with `wholeStep` (the chat UI's resubmission), no call of the step may be left waiting
 *    (`409 pending-calls`); an answer it repeats unchanged for a call already answered is passed
 *    over (see `withoutRepeats`), so the browser's copy of the step can answer its last call.
 * The planner (`planSettle`) decides 2 and 4 on one snapshot of the chat; the decision is then
 * applied as one compare-and-set against that snapshot (calls still pending, message and chat
 * unchanged), so the first valid answer wins and nobody waits on a lock; when the chat changed
 * meanwhile, it reads and decides again. An answer that settles the step's last call starts the
 * continuation. Throws `FrogbotError('write-conflict')` when the chat kept changing through five attempts.
 */
export async function settleActions(
  services: TurnServices,
  options: DoorOptions & { actions: SettleAction[]; fieldOf?: FieldOf }
): Promise<SettleOutcome> {
  refuseTwice(options.actions, options.fieldOf)
  return (await throughDoor(services, { ...options, whoOnly: false }))!
}

/**
 * The settle door's checks of who may settle call `toolCallId` now, without settling it (for a
 * participant's partial answer: a multi-step card, toggles, a typed answer still to come). The
 * checks of {@link settleActions}, in its order, as for an answer whose output is still to come:
 * the chat (`not-found`), the agent's `access` (`unauthorized`, `forbidden`) and the chat's home
 * (`409 channel-chat`); the call exists (`404 call-not-found`) and still waits (`409
 * already-settled` with the stored settlement), the chat awaits input (`409 not-awaiting`); the
 * tool still exists unchanged (`409 tool-unavailable`) and `client.access` (`403 forbidden`).
 * Resolves when every check passed; throws the first refusal. Stores nothing of the caller's; a
 * call past its deadline is expired by FrogBot as the door does (the caller gets `already-settled`).
 */
export async function mayAnswer(services: TurnServices, { chatId, agentSlug, toolCallId, req }: { chatId: string; agentSlug?: string; toolCallId: string; req: Caller }): Promise<void> {
  await throughDoor(services, { chatId, agentSlug, actions: [{ toolCallId, output: undefined }], req, whoOnly: true })
}

/** {@link settleActions}; with `whoOnly`, its checks of who may answer alone (see {@link mayAnswer}), resolving `null` once they passed. */
async function throughDoor(
  services: TurnServices,
  options: DoorOptions & { actions: SettleAction[]; whoOnly: boolean }
): Promise<SettleOutcome | null> {
  const { chatId, agentSlug, actions, req, wholeStep = false, whoOnly, outputField } = options
  const ids = actions.map((action) => action.toolCallId)
  // A losing answer to calls this process saw settled is refused from memory, once the caller may
  // write the chat: its settlement is the stored one. A resubmission may repeat a settled answer
  // (see withoutRepeats) and FrogBot's own expiry reads the chat, so both go to the database.
  const known = wholeStep || req.entryPoint === 'system' ? null : settledCalls.lookup(services, chatId, ids)
  const assignee = (calls: () => Promise<CallRecord[]>) => ({ calls })
  if (known) {
    await checkChat(services, { chat: known.chat, chatId, agentSlug, req, write: true, assignee: assignee(() => services.store.getCalls(chatId, ids)) })
    throw alreadySettled(known.settlement)
  }
  // The tool checks run user code once per call: a call's input and tool do not change between attempts.
  const checked = new Map<string, Promise<SettleAction>>()
  for (let attempt = 1; ; attempt++) {
    const snapshot = await services.store.settleSnapshot(chatId, ids)
    const targeted = async () => snapshot!.calls.filter((call) => ids.includes(call.toolCallId))
    const agent = await checkChat(services, { chat: snapshot?.chat ?? null, chatId, agentSlug, req, write: true, assignee: assignee(targeted) })
    const deciding = { snapshot: snapshot!, agent, req, actions, wholeStep, whoOnly, checked, outputField }
    const { plan, reported } = await decide(services, deciding)
    if (whoOnly && !plan.refusal) return null
    const first = plan.closings[0]?.toolCallId ?? plan.votes[0].toolCallId
    const messageId = snapshot!.calls.find((call) => call.toolCallId === first)!.messageId
    const outcome = await apply(services, { chat: snapshot!.chat, agent, req, messages: snapshot!.messages, calls: snapshot!.calls, plan, messageId, firstCall: reported })
    if (outcome && plan.refusal) throw refusalError(plan.refusal, 'idle', snapshot!, 'settlement' in outcome ? outcome.settlement : null)
    if (outcome) return outcome
    if (attempt >= 5) throw new FrogbotError('write-conflict', 'The message kept changing while FrogBot tried to save the answer; retry.')
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt))
  }
}

/**
 * Applies a decided settle as one compare-and-set against the snapshot it was decided from, then
 * starts the continuation (which runs the tools of the calls it approved), or the chat's next
 * queued message. `null` when the chat changed since (another answer won, or another call of the
 * step was settled or voted on): the caller decides again.
 */
async function apply(
  services: TurnServices,
  { chat, agent, req, messages, calls, plan, messageId, firstCall }: { chat: ChatRecord; agent: ResolvedAgent; req: Caller; messages: VersionedMessage[]; calls: CallRecord[]; plan: SettlePlan; messageId: string; firstCall: string }
): Promise<SettleOutcome | null> {
  const message = messages.find((entry) => entry.id === messageId)!
  const { version, ...stored } = message
  // A question an MCP client asked a person (ask_human) ends at its answer: the model is not called.
  const ends = plan.next === 'continue' && askedForMcp(stored)
  if (ends) plan = { ...plan, next: 'idle' }
  const settled = closeCalls(stored, plan.closings)
  // A continuation writes on in the message of the calls: its lease owner names it (a Stop may name it).
  const leaseOwner = newLeaseOwner(services, messageId)
  const patch: ChatPatch =
    plan.next === 'continue'
      ? { state: 'running', leaseOwner, leaseUntil: isoIn(services, services.leaseMs), stopRequestedAt: null }
      : plan.next === 'idle'
        ? { state: 'idle', leaseOwner: null, leaseUntil: null, stopRequestedAt: null }
        : {}
  const applied = await services.store.applySettle(
    {
      chatId: chat.id,
      chatVersion: chat.version,
      calls: plan.closings.map((closing) => ({ toolCallId: closing.toolCallId, status: closing.outcome })),
      votes: plan.votes,
      message: { id: message.id, version, parts: settled.parts, settlements: settled.settlements },
      chat: patch
    },
    isoIn(services)
  )
  if (!applied) return null
  settledCalls.remember(services, chat, plan.closings.map((closing) => settlementOf(settled, closing.toolCallId)!))
  const stateAfter = plan.next === 'continue' ? 'running' : plan.next === 'idle' ? 'idle' : 'awaiting'
  if (plan.closings.length > 0) announceSettled(services, chat, stateAfter, settled, plan.closings.map((closing) => closing.toolCallId))
  const settlement = settlementOf(settled, firstCall)
  const voted = plan.votes.find((entry) => entry.toolCallId === firstCall)
  if (!settlement && voted) return { kind: 'voted', chatId: chat.id, vote: { toolCallId: firstCall, ...voted.votes.at(-1)! }, pending: plan.remaining.map(toPendingCall) }
  if (plan.next === 'continue') {
    const transcript = messages.map(({ version: _version, ...entry }) => (entry.id === settled.id ? settled : entry))
    // Every call of the step a person approved, now or earlier in the step: none has run, and only
    // this continuation (the step continues once) runs them.
    const approved = settled.parts.filter((part) => isToolUIPart(part) && part.state === 'approval-responded' && part.approval.approved).map((part) => (part as { toolCallId: string }).toolCallId)
    const run = runTurn(services, { agent, chat: { ...chat, ...patch, version: chat.version + 1 } as ChatRecord, req, messages: transcript, leaseOwner, approved, mcpResumes: mcpResumesOf(plan, calls) })
    return { kind: 'continued', chatId: chat.id, messageId, settlement: settlement!, run }
  }
  if (plan.next === 'awaiting') return { kind: 'awaiting-input', chatId: chat.id, settlement: settlement!, pending: plan.remaining.map(toPendingCall) }
  const started = await services.kickQueue(chat.id)
  return { kind: ends ? 'ended' : 'dismissed', chatId: chat.id, messageId, settlement: settlement!, state: started ? 'running' : 'idle' }
}

/** Whether `message` is the question an MCP client asked a person through `ask_human` (its metadata says `askedFor: 'mcp'`, see `askQuestion`). */
function askedForMcp(message: { metadata?: unknown }): boolean {
  return typeof message.metadata === 'object' && message.metadata !== null && (message.metadata as FrogbotMessageMetadata).askedFor === 'mcp'
}

/** What the MCP tools of the calls this settle answered (kind `mcp-elicitation`) send back to their servers, by tool call id. */
function mcpResumesOf(plan: SettlePlan, calls: CallRecord[]): Map<string, McpResume> {
  const resumes = new Map<string, McpResume>()
  for (const closing of plan.closings) {
    if (!('mcpResponse' in closing) || closing.mcpResponse === undefined) continue
    const { key, requestState } = calls.find((call) => call.toolCallId === closing.toolCallId)!.input as { key: string; requestState?: string }
    resumes.set(closing.toolCallId, { key, response: closing.mcpResponse as McpResume['response'], ...(requestState === undefined ? {} : { requestState }) })
  }
  return resumes
}

/**
 * `input` with its own fields only: a dismissal when it says `dismissed` (its `reason` kept), a
 * decision when it says `approved` (a yes keeps its edited `input`; both their `reason`), else an
 * answer with its `output`.
 */
function exactInput(input: SettleInput): SettleInput {
  const { toolCallId } = input
  if ('dismissed' in input) return { toolCallId, dismissed: true, reason: input.reason }
  if ('approved' in input) return input.approved ? { toolCallId, approved: true, input: input.input, reason: input.reason } : { toolCallId, approved: false, reason: input.reason }
  return { toolCallId, output: input.output }
}

/** The settles of each engine of this process under way, by chat: each settles once the one before it decided. */
const settlesUnderWay = new WeakMap<TurnServices, Map<string, Promise<unknown>>>()

const ignore = () => {}

/**
 * {@link settleActions} for the public input shape: `{ toolCallId, output }` or `{ toolCallId,
 * dismissed: true, reason? }`. A settle of a chat that this process is already settling first
 * waits for that one's decision (in memory, not on a database lock), so answers racing in one
 * process read the decided chat: a losing answer gets `already-settled` from its snapshot instead
 * of failing its compare-and-set, rolling back and reading again, and the winner's continuation is
 * not slowed by their writes. Across processes the compare-and-set still decides.
 */
export async function settle(
  services: TurnServices,
  options: DoorOptions & { inputs: SettleInput[]; fieldOf?: FieldOf }
): Promise<SettleOutcome> {
  const { chatId, agentSlug, inputs, req, wholeStep, fieldOf, outputField } = options
  const actions = inputs.map(exactInput)
  refuseTwice(actions, fieldOf)
  let underWay = settlesUnderWay.get(services)
  if (!underWay) settlesUnderWay.set(services, (underWay = new Map()))
  const ahead = underWay.get(chatId)
  if (ahead) await ahead
  const door = { chatId, agentSlug, actions, req, wholeStep, fieldOf, outputField }
  const settling = settleActions(services, door)
  const decided = settling.then(ignore, ignore)
  underWay.set(chatId, decided)
  try {
    return await settling
  } finally {
    if (underWay.get(chatId) === decided) underWay.delete(chatId)
  }
}
