import { isDeepStrictEqual } from 'node:util'
import { isToolUIPart, type UIMessage } from 'ai'
import { z } from 'zod'
import { dismissedText, REASON_MAX_LENGTH, SettleRequest, tooLongText } from '@frogbotai/protocol'
import { DISMISSED_TEXT, givenReason, typedTextProblem } from '@frogbotai/protocol'
import type { SettleInput } from '../contract/turns.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { toolNameOf } from '../turns/transcript.ts'
import { parsedOrRefused } from './read-body.ts'
import { trimInvisible } from '../text/trim-invisible.ts'

/** The protocol's fixed words before the reason in a text `dismissedText` writes. */
const REASON_PREFIX = dismissedText('-').slice(0, -1)

/** {@link REASON_PREFIX} without its closing space: what stands before a reason that may be empty. */
const REASON_LABEL = REASON_PREFIX.trimEnd()

/**
 * Whether `errorText` is the plain dismissal text with nothing after it a person reads: only
 * white space or invisible characters (`Dismissed by the user.  `), or the reason label with an
 * empty or blank reason (`Dismissed by the user. Reason: `, `… Reason:\u200b`).
 */
function isPlainDismissal(errorText: string): boolean {
  const blankAfter = (words: string) =>
    errorText.startsWith(words) && givenReason(errorText.slice(words.length)) === undefined
  return blankAfter(DISMISSED_TEXT) || blankAfter(REASON_LABEL)
}

/**
 * The dismissal reason an `output-error` part's `errorText` gives (docs/chat/turns.md: a dismissal
 * may carry a reason, stored with the settlement and read by the model as `Dismissed by the user.
 * Reason: …`): none for a blank text (`givenReason`: only white space or invisible characters) or
 * the plain dismissal text, with or without a blank or empty reason after it ({@link isPlainDismissal});
 * the reason of a text the protocol's `dismissedText(reason)` wrote; else the text itself; trimmed
 * (`trimInvisible`), as the settle door keeps every reason. Held to the rules of a reason, as
 * `bad-request` naming `messages.N.parts.M.errorText` (`path`): at most {@link REASON_MAX_LENGTH}
 * characters once trimmed, no NUL, no lone surrogate.
 */
function dismissalReason(errorText: string, path: (string | number)[]): string | undefined {
  if (givenReason(errorText) === undefined || isPlainDismissal(errorText)) return undefined
  const given = errorText.startsWith(REASON_PREFIX) ? errorText.slice(REASON_PREFIX.length) : errorText
  const reason = trimInvisible(given)
  const long = reason.length > REASON_MAX_LENGTH
  const what = 'a dismissal reason'
  const rule = long ? tooLongText(reason.length, REASON_MAX_LENGTH, what) : typedTextProblem(given)
  if (rule) throw new FrogbotError('bad-request', `${path.join('.')}: ${rule}`)
  return reason
}

/**
 * The `approval` of a tool part `addToolApprovalResponse` left `approval-responded`: the AI SDK's
 * keys (`descriptor`, `requestReason` and `isAutomatic` are the stored call's, echoed and not read),
 * a boolean `approved`, and a `reason` under the settle body's rule and at most
 * {@link REASON_MAX_LENGTH} characters once trimmed, as the settle door counts (refused here,
 * naming `messages.N.parts.M.approval.reason`, as a dismissal's `errorText` is). Any other key is
 * refused.
 */
const ApprovalResponse = z.strictObject({
  id: z.string().min(1, 'must not be empty'),
  approved: z.boolean(),
  reason: SettleRequest.shape.reason.refine(
    (reason) => reason === undefined || trimInvisible(reason).length <= REASON_MAX_LENGTH,
    { error: (issue) => tooLongText(trimInvisible(String(issue.input)).length, REASON_MAX_LENGTH, 'a reason') }
  ),
  descriptor: z.unknown().optional(),
  requestReason: z.string().optional(),
  isAutomatic: z.boolean().optional()
})

/**
 * What a resubmitted tool part must hold before anything reads it (the browser's copy is not
 * trusted): its call id, a non-empty string, and an `errorText`, where it has one, a string.
 */
const ToolPartHead = z.object({ toolCallId: z.string().min(1, 'must not be empty'), errorText: z.string().optional() })

/** A call of the step that still waits, as the resubmission is checked against it: its stored input and approval id. */
export type WaitingCall = { input: unknown; approvalId?: string }

/** Which calls of a resubmitted step are the person's to settle, by tool name or (MCP's requests for input) by tool call id. */
export type SettledHere = { clientTools: ReadonlySet<string>; approvalTools: ReadonlySet<string>; elicitations: ReadonlySet<string> }

/**
 * What a `useChat` resubmission asks to settle (seed: "Answer in the chat UI"): the client tool
 * outputs of the last step of the browser's copy of the assistant message (`message`, at
 * `messages[index]` of the body), the outputs of the calls `elicitations` names (MCP tools'
 * requests for input, kind `mcp-elicitation`, answered like a client tool), and the decisions
 * `addToolApprovalResponse` wrote (docs/agents/approvals.md). Nothing else of the browser's copy
 * is taken on trust: the settle door checks each output and decision against its stored call as
 * it checks `/settle`'s, and a decision on a call still `waiting` is checked here first against
 * what only the stored part knows: the `approval` must be the AI SDK's shape (`bad-request` naming
 * `messages.N.parts.M.approval.approved` for `"yes"`, an unknown key, a reason that is not
 * well-formed text) with the call's approval `id`; an `input` other than the stored one is an
 * edited input (`{ approved: true, input }`, checked as `/settle` checks it), refused on a denial.
 * A tool error is a dismissal, its `errorText` kept as the reason (see `dismissalReason`).
 */
export function resubmissionInputs(message: UIMessage, index: number, here: SettledHere, waiting: ReadonlyMap<string, WaitingCall>): SettleInput[] {
  const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
  const inputs: SettleInput[] = []
  for (let at = stepStart + 1; at < message.parts.length; at++) {
    const part = message.parts[at]
    if (!isToolUIPart(part)) continue
    parsedOrRefused(ToolPartHead, part, ['messages', index, 'parts', at])
    if (here.approvalTools.has(toolNameOf(part))) {
      if (part.state === 'approval-responded') inputs.push(decisionOf(part, ['messages', index, 'parts', at], waiting.get(part.toolCallId)))
      continue
    }
    if (!here.clientTools.has(toolNameOf(part)) && !here.elicitations.has(part.toolCallId)) continue
    if (part.state === 'output-available') inputs.push({ toolCallId: part.toolCallId, output: part.output })
    if (part.state === 'output-error') {
      const reason = dismissalReason(part.errorText ?? '', ['messages', index, 'parts', at, 'errorText'])
      inputs.push({ toolCallId: part.toolCallId, dismissed: true, ...(reason ? { reason } : {}) })
    }
  }
  return inputs
}

/** The decision of an `approval-responded` part at `path`, checked against its call when it still waits (see {@link resubmissionInputs}). */
function decisionOf(part: { toolCallId: string; input?: unknown; approval?: unknown }, path: (string | number)[], call: WaitingCall | undefined): SettleInput {
  const approval = parsedOrRefused(ApprovalResponse, part.approval, [...path, 'approval'])
  const reason = approval.reason ? { reason: approval.reason } : {}
  if (!call) return approval.approved ? { toolCallId: part.toolCallId, approved: true, ...reason } : { toolCallId: part.toolCallId, approved: false, ...reason }
  if (call.approvalId !== undefined && approval.id !== call.approvalId) {
    throw new FrogbotError('bad-request', `${[...path, 'approval', 'id'].join('.')}: is not the approval id of call "${part.toolCallId}"; reload the chat`)
  }
  const edited = part.input !== undefined && !isDeepStrictEqual(part.input, call.input)
  if (edited && !approval.approved) throw new FrogbotError('bad-request', `${[...path, 'input'].join('.')}: an edited input goes only with an approval ("approved": true)`)
  if (!approval.approved) return { toolCallId: part.toolCallId, approved: false, ...reason }
  return { toolCallId: part.toolCallId, approved: true, ...(edited ? { input: part.input } : {}), ...reason }
}

/**
 * The settle door's `outputField` for the browser's copy `message` at `messages[index]` of the
 * body: where it carries each call's output, `messages.N.parts.M.output` for the tool part of the
 * last step with that call id, so that a refusal of the output names the path the client sent.
 */
export function outputFieldOf(message: UIMessage, index: number): (toolCallId: string) => string | undefined {
  const stepStart = message.parts.findLastIndex((part) => part.type === 'step-start')
  return (toolCallId) => {
    const names = (part: UIMessage['parts'][number]) => isToolUIPart(part) && part.toolCallId === toolCallId
    const at = message.parts.findIndex((part, place) => place > stepStart && names(part))
    return at === -1 ? undefined : `messages.${index}.parts.${at}.output`
  }
}

/**
 * The settle door's `fieldOf` for a body whose answers carry their call ids `ids` (by index, from
 * index `from` on): the field (`field(at)`) of the second entry naming a call, which the door
 * names when one request answers a call twice.
 */
export function secondOf(ids: readonly (string | undefined)[], field: (at: number) => string, from = 0): (toolCallId: string) => string | undefined {
  return (toolCallId) => {
    const first = ids.indexOf(toolCallId, from)
    const second = first === -1 ? -1 : ids.indexOf(toolCallId, first + 1)
    return second === -1 ? undefined : field(second)
  }
}
