import type { Caller } from '../contract/caller.ts'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { toolFingerprint } from '../agents/tool-set.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import {
  ANSWER_TEXT_MAX_LENGTH,
  APPROVAL_KIND,
  formatPath,
  MCP_ELICITATION_KIND,
  overlongText,
  REASON_MAX_LENGTH,
  REASON_TYPE_RULE,
  type PendingCall,
  givenReason,
  stringsIn,
  tooLongText,
  typedTextProblem
} from '@frogbotai/protocol'
import { labelsAsOffered, QuestionInput, QuestionOutput, withoutBlankCustom } from '@frogbotai/protocol'
import { type CallRecord, toPendingCall } from '../store/chat-records.ts'
import { type SettleAction, isAnswer, isDecision } from './rules/plan-settle.ts'
import { typedTextProblemIn } from './rules/nul-text.ts'
import { elicitationResponse, type McpElicitation } from '../tools/mcp-elicitation.ts'
import { clipText } from '../text/clip-text.ts'
import { trimInvisible } from '../text/trim-invisible.ts'
import { issueRule } from '../errors/schema-refusal.ts'
import type { z } from 'zod'
import { isDeepStrictEqual } from 'node:util'

// The settle door's checks of one action that run user code (see `settleActions` in settle.ts).

/** How many of a schema's problems a refusal names, and how many characters of each, at most. */
const NAMED_PROBLEMS_MAX = 5
const PROBLEM_TEXT_MAX = 400

/**
 * A schema's refusal of `value`, sent as `field`: its first problems, each naming its path and
 * the rule in FrogBot's words (`issueRule`) and clipped, then how many more.
 */
function zodMessage(error: z.ZodError, value: unknown, field: string): string {
  const named = error.issues.slice(0, NAMED_PROBLEMS_MAX).map((issue) => clipText(`${[field, ...issue.path.map(String)].join('.')}: ${issueRule(issue, value)}`, PROBLEM_TEXT_MAX))
  const more = error.issues.length - NAMED_PROBLEMS_MAX
  return `${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * The path of the first key an edit or an output gave that the tool's schema dropped while
 * parsing (a Zod object strips keys it does not know, `__proto__` too), so that it is refused
 * naming it instead of losing it.
 */
function droppedKey(given: unknown, parsed: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (Array.isArray(given) && Array.isArray(parsed)) {
    for (let index = 0; index < Math.min(given.length, parsed.length); index++) {
      const found = droppedKey(given[index], parsed[index], [...path, index])
      if (found) return found
    }
  }
  if (!isRecord(given) || !isRecord(parsed)) return undefined
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(parsed, key)) return [...path, key]
    const found = droppedKey(given[key], parsed[key], [...path, key])
    if (found) return found
  }
  return undefined
}

/**
 * Whether the tool's own check lets `req` settle `call`: `approval.access` for a call waiting for
 * approval, else `client.access` (the seed's "Build a client tool"); no check, or FrogBot itself
 * (`system`), lets them.
 */
export async function toolAccessAllows(agent: Pick<ResolvedAgent, 'clientTools' | 'approvalTools'>, req: Caller, call: CallRecord): Promise<boolean> {
  return pendingAccessAllows(agent, req, toPendingCall(call))
}

/** {@link toolAccessAllows} on a pending call as the doors show it (what a notice carries). */
export async function pendingAccessAllows(
  agent: Pick<ResolvedAgent, 'clientTools' | 'approvalTools'>,
  req: Caller,
  call: PendingCall
): Promise<boolean> {
  if (req.entryPoint === 'system') return true
  const access = call.kind === APPROVAL_KIND ? agent.approvalTools.get(call.toolName)?.approval?.access : agent.clientTools.get(call.toolName)?.client.access
  return !access || Boolean(await access({ req, call }))
}

/**
 * `client.validate`'s refusal `verdict` of an output the request carried at `field`, naming that
 * field: as it is when `field` is the settle body's `output` (the tool's own words); else under
 * `field`, joined to it when it starts with a field of the output (`answers[0] ("Color"): …` is
 * `messages.1.parts.2.output.answers[0] ("Color"): …`), or after it (`…output: Pick a file.`).
 */
function verdictAt(field: string, verdict: string, output: unknown): string {
  if (field === 'output') return verdict
  const key = /^[\w$-]+(?=[[.:\s])/.exec(verdict)?.[0]
  const under = key !== undefined && isRecord(output) && Object.hasOwn(output, key)
  return under ? `${field}.${verdict}` : `${field}: ${verdict}`
}

/**
 * The checks of one action on a client tool's call that run user code (the seed's order: tool
 * intact, `client.access`, `outputSchema` (a key it does not know is refused, not dropped),
 * `client.validate`), then the lengths of typed text (every string of an output but the input's
 * own): each refusal `400 invalid-output` naming the field under `field`, where the request carried
 * the output. A question's answer keeps its labels as offered (see `questionLabelsAsOffered`).
 * With `whoOnly` (see {@link mayAnswer}), the first two alone. A decision (`approved`) is for
 * calls waiting for approval.
 */
async function checkAnswer(
  agent: ResolvedAgent,
  req: Caller,
  call: CallRecord,
  action: SettleAction,
  whoOnly: boolean,
  field: string
): Promise<SettleAction> {
  if (!whoOnly && isDecision(action)) {
    throw new FrogbotError('bad-request', `approved: "${call.toolName}" is a client tool's call (kind "${call.kind}"); settle it with "output", or "dismissed": true`)
  }
  const tool = agent.clientTools.get(call.toolName)
  if (isAnswer(action) && (!tool || toolFingerprint(tool) !== call.toolFingerprint)) {
    throw new FrogbotError('tool-unavailable', `The tool "${call.toolName}" of this call was removed or changed since it was asked; dismiss the call instead.`, { toolName: call.toolName })
  }
  if (!(await toolAccessAllows(agent, req, call))) {
    throw new FrogbotError('forbidden', `You may not settle calls of "${call.toolName}".`)
  }
  if (!isAnswer(action) || whoOnly) return action
  const parsed = tool!.outputSchema.safeParse(action.output)
  if (!parsed.success) {
    throw new FrogbotError('invalid-output', zodMessage(parsed.error, action.output, field))
  }
  const unknown = droppedKey(action.output, parsed.data, [field])
  if (unknown) throw new FrogbotError('invalid-output', `${formatPath(unknown)}: not a field of "${call.toolName}"'s output`)
  const verdict = tool!.client.validate?.({ input: call.input, output: parsed.data })
  if (verdict !== undefined && verdict !== true) {
    throw new FrogbotError('invalid-output', verdictAt(field, String(verdict), parsed.data))
  }
  const long = overlongText(parsed.data, { offered: stringsIn(call.input) })
  const longText = long && tooLongText(long.length, ANSWER_TEXT_MAX_LENGTH)
  if (long) throw new FrogbotError('invalid-output', `${formatPath([field, ...long.path])}: ${longText}`)
  const output = call.kind === 'question' ? questionLabelsAsOffered(call.input, parsed.data) : parsed.data
  return { ...action, output }
}

/**
 * A question's answer (kind `question`) with each selected label as the option offered it, which
 * `checkQuestionAnswer` matched after NFC normalisation (`labelsAsOffered`): the seed's "`selected`
 * holds option labels exactly as they were offered"; and without a blank typed answer beside a
 * selection (`withoutBlankCustom`: only white space or invisible characters is no typed answer).
 * A call of another shape is left as it is.
 */
function questionLabelsAsOffered(input: unknown, output: unknown): unknown {
  const asked = QuestionInput.safeParse(input)
  const answers = QuestionOutput.safeParse(output).success
  if (!asked.success || !answers) return output
  return withoutBlankCustom(labelsAsOffered(asked.data, output as QuestionOutput))
}

/**
 * The checks of one decision on a call waiting for approval (docs/agents/approvals.md), in the
 * settle door's order: a yes needs the tool intact (`409 tool-unavailable`; a no is always
 * possible), then `approval.access` (`403 forbidden`), then an edited `input` must be of a call
 * one approval settles (a quorum's votes all approve the model's input) and match the tool's
 * `inputSchema` (`400 invalid-input` naming the field; the parsed input is kept). An
 * `output` or `dismissed` is for client tools' calls. With `whoOnly` (see {@link mayAnswer}),
 * `approval.access` alone.
 */
async function checkDecision(
  agent: ResolvedAgent,
  req: Caller,
  call: CallRecord,
  action: SettleAction,
  whoOnly: boolean,
  field = 'input'
): Promise<SettleAction> {
  if (!whoOnly && !isDecision(action)) {
    throw new FrogbotError('bad-request', `${isAnswer(action) ? 'output' : 'dismissed'}: "${call.toolName}" waits for approval; settle it with "approved": true or false`)
  }
  const tool = agent.approvalTools.get(call.toolName)
  if (!whoOnly && isDecision(action) && action.approved && (!tool || toolFingerprint(tool) !== call.toolFingerprint)) {
    throw new FrogbotError('tool-unavailable', `The tool "${call.toolName}" of this call was removed or changed since it was asked; deny the call instead.`, { toolName: call.toolName })
  }
  if (!(await toolAccessAllows(agent, req, call))) {
    throw new FrogbotError('forbidden', `You may not approve or deny calls of "${call.toolName}".`)
  }
  if (whoOnly || !isDecision(action) || !action.approved || action.input === undefined) return action
  const parsed = tool!.inputSchema.safeParse(action.input)
  // The input the model asked for, sent back unchanged (a form sends every field; the schema's
  // defaults filled in or not), is no edit.
  const asked = tool!.inputSchema.safeParse(call.input)
  // A key the schema would drop makes it an edit, refused below naming the key.
  const strippedNothing = parsed.success && !droppedKey(action.input, parsed.data, [field])
  const same = isDeepStrictEqual(action.input, call.input) || (strippedNothing && asked.success && isDeepStrictEqual(parsed.data, asked.data))
  if (same) return { toolCallId: action.toolCallId, approved: true, ...(action.reason ? { reason: action.reason } : {}) }
  // Every vote of a quorum approves one input: an edit would run over the other voters' approvals.
  if (call.quorum !== null && call.quorum > 1) {
    throw new FrogbotError('invalid-input', `${field}: "${call.toolName}" needs ${call.quorum} approvals, which all approve the input the model asked for: approve it as it is, or deny it with a reason saying what to change`)
  }
  if (!parsed.success) throw new FrogbotError('invalid-input', zodMessage(parsed.error, action.input, field))
  const unknown = droppedKey(action.input, parsed.data, [field])
  if (unknown) throw new FrogbotError('invalid-input', `${formatPath(unknown)}: not a field of "${call.toolName}"'s input`)
  // An edit is text a person typed: no NUL, no lone surrogate (docs/project/guarantees.md, Limits).
  const broken = typedTextProblemIn(action.input, [field])
  if (broken) throw new FrogbotError('invalid-input', `${formatPath(broken.path)}: ${broken.problem}`)
  return { ...action, input: parsed.data }
}

/**
 * The checks of one action on an MCP server's request for input (kind `mcp-elicitation`,
 * docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input): an answer needs the MCP tool intact
 * (`409 tool-unavailable`) and must match the requested schema (`400 invalid-output` naming the
 * field); a decision is refused (`400 bad-request`). Both an answer and a dismissal become an
 * answer whose output is the response sent back to the server (`accept` with the content, or
 * `decline`), so the MCP tool's call completes with the server's result.
 */
function checkElicitation(
  agent: ResolvedAgent,
  call: CallRecord,
  action: SettleAction,
  whoOnly: boolean,
  field: string
): SettleAction {
  if (isDecision(action)) throw new FrogbotError('bad-request', `approved: "${call.toolName}" asks for input (kind "${call.kind}"); settle it with "output", or "dismissed": true`)
  const tool = agent.tools.find((entry) => entry.slug === call.toolName)
  if (isAnswer(action) && (!tool || toolFingerprint(tool) !== call.toolFingerprint)) {
    throw new FrogbotError('tool-unavailable', `The tool "${call.toolName}" of this call was removed or changed since it was asked; dismiss the call instead.`, { toolName: call.toolName })
  }
  if (whoOnly) return action
  const given = isAnswer(action) ? action : { dismissed: true as const }
  const response = elicitationResponse(call.input as McpElicitation, given, field)
  return { toolCallId: action.toolCallId, output: response }
}

/**
 * Where a request carried an approval's edited input, from where it carries an answer (`field`):
 * `input` in a settle body (`output`), the tool part's own `input` in a `useChat` resubmission
 * (`messages.1.parts.2.output`), and `input` within the answer elsewhere (an AG-UI resume's
 * `resume.0.payload`), so that a refusal names the field the client sent.
 */
function inputFieldOf(field: string): string {
  if (field === 'output') return 'input'
  return field.endsWith('.output') ? `${field.slice(0, -'.output'.length)}.input` : `${field}.input`
}

/**
 * Where a request carried an action's `reason`, from where it carries an answer (`field`): `reason`
 * in a settle body (`output`); in a `useChat` resubmission (`messages.1.parts.2.output`) the tool
 * part's `approval.reason` for a decision and its `errorText` for a dismissal; `reason` within the
 * answer elsewhere (an AG-UI resume's `resume.0.payload.reason`), so that a refusal names the
 * field the client sent.
 */
function reasonFieldOf(field: string, action: SettleAction): string {
  if (field === 'output') return 'reason'
  if (!field.endsWith('.output')) return `${field}.reason`
  const part = field.slice(0, -'.output'.length)
  return 'approved' in action ? `${part}.approval.reason` : `${part}.errorText`
}

/**
 * The checks of one action that run user code: FrogBot's expiry has none; a person's `reason` (of
 * a dismissal or a decision) is a string without NUL, well-formed (`400 bad-request` naming
 * `reason` otherwise, for code that calls the engine as for HTTP), kept trimmed (`trimInvisible`:
 * no white space or invisible characters at either end, `"  not now\n"` is `"not now"`), at most
 * {@link REASON_MAX_LENGTH} characters once trimmed (`400 invalid-output`; both name where the
 * request carried the reason, see {@link reasonFieldOf}), and dropped when blank (`givenReason`:
 * only white space or invisible characters is no reason), at every door;
 * see {@link checkAnswer} and {@link checkDecision}. `outputField` names where the request carried
 * an output (`messages.1.parts.2.output` in a `useChat` resubmission; the settle body's `output`
 * when it gives none).
 */
export async function checkAction(
  agent: ResolvedAgent,
  req: Caller,
  call: CallRecord,
  action: SettleAction,
  whoOnly: boolean,
  outputField?: (toolCallId: string) => string | undefined
): Promise<SettleAction> {
  if ('expired' in action) return action
  const field = outputField?.(call.toolCallId) ?? 'output'
  const sent: unknown = 'reason' in action ? action.reason : undefined
  let reason: string | undefined
  if (sent !== undefined) {
    // The rules every door applies (the HTTP body's schema first): a string, without NUL, well-formed.
    const at = reasonFieldOf(field, action)
    const broken = typeof sent === 'string' ? typedTextProblem(sent) : REASON_TYPE_RULE
    if (broken) throw new FrogbotError('bad-request', `${at}: ${broken}`)
    // Kept as a person reads it: nothing that shows nothing at either end, as a chat title.
    reason = trimInvisible(sent as string)
    const { length } = reason
    if (length > REASON_MAX_LENGTH) {
      const what = 'dismissed' in action ? 'a dismissal reason' : 'a reason'
      const rule = tooLongText(length, REASON_MAX_LENGTH, what)
      throw new FrogbotError('invalid-output', `${at}: ${rule}`)
    }
  }
  // A blank reason (only white space or invisible characters) is no reason, whichever door sent it.
  const blank = reason !== undefined && givenReason(reason) === undefined
  const kept = reason === undefined ? action : ({ ...action, reason } as SettleAction)
  const given = blank ? withoutReason(action) : kept
  if (call.kind === MCP_ELICITATION_KIND) return checkElicitation(agent, call, given, whoOnly, field)
  if (call.kind === APPROVAL_KIND) return checkDecision(agent, req, call, given, whoOnly, inputFieldOf(field))
  return checkAnswer(agent, req, call, given, whoOnly, field)
}

/** `action` without its `reason`: a dismissal or a decision whose reason was blank (`givenReason`). */
function withoutReason(action: SettleAction): SettleAction {
  const kept: SettleAction & { reason?: string } = { ...action }
  delete kept.reason
  return kept
}
