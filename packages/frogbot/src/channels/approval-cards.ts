import type { PendingCall, SettledBy, Settlement } from '@frogbotai/protocol'
import { APPROVAL_KIND } from '@frogbotai/protocol'
import type { SettleAnswer } from '../contract/turns.ts'
import { clipText } from '../text/clip-text.ts'
import { cardFacts } from './call-facts.ts'

/**
 * The card of a call waiting for approval in a channel (docs/agents/approvals.md, "In the pieces"),
 * platform-neutral; each piece draws it in its own format. Wording is the admin chat's approval card.
 */

/** Most characters of one drawn input value, and most fields drawn (the rest is counted). */
export const APPROVAL_LIMITS = { value: 300, fields: 20 } as const

/** The buttons' labels. */
export const APPROVAL_CONTROLS = { approve: 'Approve', deny: 'Deny', edit: 'Edit' } as const

/**
 * One field of a call's input as drawn and edited: its `name` (the input's top-level key, or
 * `input` when the input is not an object), its `value` as text (a string as it is, anything else
 * as JSON) and whether that text is JSON (`json`; an edit of it is parsed as JSON).
 */
export type ApprovalField = { name: string; value: string; json: boolean }

/**
 * The card of a waiting approval:
 * - `title`: "Approve send_invoice?"; `toolName`;
 * - `fields`: the input drawn readably, each value sanitized (control characters out) and clipped to
 *   {@link APPROVAL_LIMITS}`.value`, at most {@link APPROVAL_LIMITS}`.fields` (`more`: how many more);
 * - `status`: "Needs your approval", or with a quorum "1 of 2 approvals";
 * - `facts`: what the card says of the call ({@link cardFacts}): who is asked, the escalation, the
 *   expiry ("Waiting for Dana", "Expires in 2 h (2026-12-07 01:00 UTC)"); empty for a plain call;
 * - `editable`: whether the card offers Edit: not on a call that needs several approvals, whose
 *   votes all approve the model's input (an edit there is `400 invalid-input`, docs/agents/approvals.md);
 * - `text`: all of it as plain text (a notification's fallback, or the whole card where the platform
 *   has no controls), with `hint`, how to decide by typing (`/approve`, `/deny [reason]`, and
 *   `/approve {json}` where the card is `editable`).
 */
export type ApprovalCardModel = { title: string; toolName: string; fields: ApprovalField[]; more: number; status: string; facts: string[]; editable: boolean; hint: string; text: string }

/** A waiting approval as its card reads it: the tool, its input, the quorum, and the facts' fields ({@link cardFacts}). */
export type ApprovalCall = Pick<PendingCall, 'toolName' | 'input'> & Partial<Pick<PendingCall, 'quorum' | 'expiresAt' | 'assignees' | 'createdAt' | 'escalatedTo' | 'escalatedAt'>>

/** Whether a pending call waits for an approval (`kind: "approval"`), not for a client tool's answer. */
export const isApprovalCall = (call: Pick<PendingCall, 'kind'>) => call.kind === APPROVAL_KIND

// C0 and C1 control characters (but newline and tab), and bidirectional overrides that could disguise a value.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** `text` without control characters or bidirectional overrides (a model's input drawn on a platform), clipped to `max` characters. */
export function sanitizedText(text: string, max: number = APPROVAL_LIMITS.value): string {
  return clipText(text.replace(CONTROL, ''), max)
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const fieldOf = (name: string, value: unknown): ApprovalField =>
  typeof value === 'string' ? { name, value, json: false } : { name, value: JSON.stringify(value) ?? 'null', json: true }

/** The fields of a call's input, unclipped (what an edit form starts from): an object's top-level keys, else one field `input`. */
export function inputFields(input: unknown): ApprovalField[] {
  return isRecord(input) ? Object.entries(input).map(([name, value]) => fieldOf(name, value)) : [fieldOf('input', input)]
}

/** How many approvals a quorum has so far and needs, or `null` when one approval settles the call. */
export function quorumCount(call: Pick<PendingCall, 'quorum'>): { approvals: number; count: number } | null {
  if (!call.quorum || call.quorum.count <= 1) return null
  return { approvals: call.quorum.votes.filter((vote) => vote.approved).length, count: call.quorum.count }
}

/** How to decide by typing in the thread: the commands {@link readApprovalCommand} reads. */
export const APPROVAL_HINT = 'Reply /approve, /deny with an optional reason, or /approve followed by the edited input as JSON.'

/** {@link APPROVAL_HINT} on a call that needs several approvals, which takes no edit. */
export const QUORUM_APPROVAL_HINT = 'Reply /approve, or /deny with an optional reason.'

/** The card of a waiting approval `call` (see {@link ApprovalCardModel}), its facts as of `now`. */
export function approvalCard(call: ApprovalCall, now: number = Date.now()): ApprovalCardModel {
  const all = inputFields(call.input)
  const fields = all.slice(0, APPROVAL_LIMITS.fields).map((field) => ({ ...field, name: sanitizedText(field.name, 80), value: sanitizedText(field.value) }))
  const more = all.length - fields.length
  const quorum = quorumCount(call)
  const status = quorum ? `${quorum.approvals} of ${quorum.count} approvals` : 'Needs your approval'
  const facts = cardFacts(call, now)
  const title = `Approve ${sanitizedText(call.toolName, 80)}?`
  const lines = [
    `${title} ${status}.`,
    ...fields.map((field) => `${field.name}: ${field.value}`),
    ...(more > 0 ? [`… and ${more} more field${more === 1 ? '' : 's'}`] : []),
    ...facts.map((fact) => `${fact}.`)
  ]
  return { title, toolName: call.toolName, fields, more, status, facts, editable: quorum === null, hint: quorum ? QUORUM_APPROVAL_HINT : APPROVAL_HINT, text: lines.join('\n') }
}

/** A participant's decision on an approval card: a press of Approve or Deny (with an optional reason), or an edit (the edited input, whole). */
export type ApprovalPress = { kind: 'approve' } | { kind: 'deny'; reason?: string } | { kind: 'edit'; input: unknown }

/** The settle door's answer for a press: `{ approved: true }`, `{ approved: false, reason? }` or `{ approved: true, input }`. */
export function approvalAnswer(press: ApprovalPress): SettleAnswer {
  if (press.kind === 'approve') return { approved: true }
  if (press.kind === 'edit') return { approved: true, input: press.input }
  const reason = press.reason?.trim()
  return reason ? { approved: false, reason } : { approved: false }
}

/**
 * An edit form's values read against the call's `original` input: each field of {@link inputFields}
 * takes its form value (a text field as typed; a JSON field parsed as JSON; a field left out keeps
 * its value). Resolves the whole edited `input`, or the first `field` whose value is not JSON with
 * a `problem` for the form. The settle door then checks the input with the tool's `inputSchema`.
 */
export function editedInput(original: unknown, values: Record<string, string | undefined>): { input: unknown } | { field: string; problem: string } {
  const fields = inputFields(original)
  const parsed: Record<string, unknown> = {}
  for (const field of fields) {
    const given = values[field.name]
    if (given === undefined) {
      parsed[field.name] = isRecord(original) ? original[field.name] : original
      continue
    }
    if (!field.json) {
      parsed[field.name] = given
      continue
    }
    try {
      parsed[field.name] = JSON.parse(given) as unknown
    } catch {
      return { field: field.name, problem: `${field.name}: write a JSON value (a number, true, false, null, "text", [ … ] or { … }).` }
    }
  }
  return { input: isRecord(original) ? parsed : parsed.input }
}

/** The input field a settle door's `invalid-input` message names (`input.amount: …` → `amount`; `input: …` → `input`), or `null`. */
export function invalidField(message: string): string | null {
  const match = /^input(?:\.([^\s.:[\]]+))?/.exec(message)
  return match ? (match[1] ?? 'input') : null
}

/** What a typed reply means to an approval card: nothing (`none`: an ordinary message), a decision, or a command that cannot be read (`invalid`, with the message for the participant). */
export type ApprovalReading = { kind: 'none' } | { kind: 'press'; press: ApprovalPress } | { kind: 'invalid'; message: string }

/**
 * Reads a typed reply as a decision on a waiting approval (every piece; case aside, a Telegram
 * `@bot` suffix allowed): `/approve`; `/approve {…}` with the edited input as JSON (the whole input);
 * `/deny` with an optional reason. Anything else is `none`, an ordinary message for the agent.
 */
export function readApprovalCommand(text: string): ApprovalReading {
  const match = /^\s*\/(approve|deny)(?:@\S+)?(?:\s+([\s\S]*))?$/i.exec(text)
  if (!match) return { kind: 'none' }
  const rest = (match[2] ?? '').trim()
  if (match[1].toLowerCase() === 'deny') return { kind: 'press', press: rest ? { kind: 'deny', reason: rest } : { kind: 'deny' } }
  if (!rest) return { kind: 'press', press: { kind: 'approve' } }
  try {
    return { kind: 'press', press: { kind: 'edit', input: JSON.parse(rest.replace(/^```(?:json)?\s*|\s*```$/g, '')) as unknown } }
  } catch {
    return { kind: 'invalid', message: 'Write the edited input as JSON after /approve, for example /approve {"amount": 900}; or /approve alone to approve it as it is.' }
  }
}

/**
 * A settled approval as its card shows it:
 * - `mark` and `summary`: "✅ Approved by @ada", "✖️ Denied by @ada: wrong amount", "⌛ Expired
 *   without a decision.", "🚫 Cancelled." (`errorText`: why, for a cancelled call, when known);
 * - `edits`: the fields an approver changed, with their new values (sanitized and clipped);
 * - `votes`: with a quorum, "2 of 2 approvals".
 * `nameOf` names who decided (a platform mention, kept as it is); every approver of a quorum is
 * named. `escape` makes the reason and `errorText` inert in the platform's markup (default: as they are).
 */
export function settledApproval(
  settlement: Pick<Settlement, 'outcome' | 'by' | 'reason' | 'input' | 'votes'>,
  original: unknown,
  nameOf: (by: SettledBy) => string,
  { errorText, escape = (text) => text }: { errorText?: string; escape?: (text: string) => string } = {}
) {
  const approvers = (settlement.votes?.length ? settlement.votes.filter((vote) => vote.approved).map((vote) => vote.by) : [settlement.by]).map(nameOf)
  const names = [...new Set(approvers)]
  const together = names.length <= 1 ? (names[0] ?? 'someone') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
  const denial = settlement.votes?.findLast((vote) => !vote.approved)
  const reason = settlement.reason ? `: ${escape(sanitizedText(settlement.reason))}` : ''
  const { mark, summary } =
    settlement.outcome === 'approved'
      ? { mark: '✅', summary: `Approved by ${together}` }
      : settlement.outcome === 'denied'
        ? { mark: '✖️', summary: `Denied by ${nameOf(denial?.by ?? settlement.by)}${reason}` }
        : settlement.outcome === 'expired'
          ? { mark: '⌛', summary: 'Expired without a decision.' }
          : { mark: '🚫', summary: escape(sanitizedText(errorText ?? 'Cancelled.')) }
  const before = new Map(inputFields(original).map((field) => [field.name, field.value]))
  const edits = settlement.input === undefined ? [] : inputFields(settlement.input).filter((field) => before.get(field.name) !== field.value).map((field) => ({ ...field, value: sanitizedText(field.value) }))
  const count = settlement.votes?.length ? settlement.votes.filter((vote) => vote.approved).length : null
  return { mark, summary, edits, ...(count !== null && settlement.votes!.length > 0 && settlement.outcome === 'approved' ? { votes: `${count} of ${count} approvals` } : {}) }
}

/**
 * A settled approval as plain text, one line each: the title, the decision, what was changed
 * ("Changed before it ran: amount: 900"), for pieces that draw text (GitHub, Linear, Telegram).
 */
export function settledApprovalText(toolName: string, view: ReturnType<typeof settledApproval>): string {
  return [
    `${view.mark} ${sanitizedText(toolName, 80)}: ${view.summary}${view.votes ? ` (${view.votes})` : ''}`,
    ...(view.edits.length > 0 ? [`Changed before it ran: ${view.edits.map((field) => `${field.name}: ${field.value}`).join('; ')}`] : [])
  ].join('\n')
}

/**
 * An approval card as Markdown, for pieces that draw it as a comment or message (GitHub, Linear):
 * the title in bold, the fields as a list, the status and expiry, and how to decide by typing.
 * `escape` makes the model's text inert in the platform's Markdown (no mentions, links or markup).
 */
export function approvalMarkdown(call: ApprovalCall, escape: (text: string) => string): string {
  const model = approvalCard(call)
  return [
    // A tool's name is a slug (letters, digits, "_", "-"): safe in code, and drawn as it is.
    `**Approve \`${sanitizedText(call.toolName, 80).replace(/`/g, '')}\`?** ${model.status}.`,
    '',
    ...markdownFields(model.fields, escape),
    ...(model.more > 0 ? [`- _… and ${model.more} more_`] : []),
    '',
    ...model.facts.map((fact) => `_${escape(fact)}._`),
    'Reply `/approve`, `/deny` with an optional reason, or `/approve {…}` with the edited input as JSON.'
  ].join('\n')
}

const markdownFields = (fields: ApprovalField[], escape: (text: string) => string) => fields.map((field) => `- **${escape(field.name)}**: ${escape(field.value)}`)

/** A settled approval as Markdown (see {@link approvalMarkdown}): the title, the input, what was changed, and the decision line (`view` made with the same `escape`). */
export function settledApprovalMarkdown(toolName: string, input: unknown, view: ReturnType<typeof settledApproval>, escape: (text: string) => string): string {
  const model = approvalCard({ toolName, input })
  return [
    `**\`${sanitizedText(toolName, 80).replace(/`/g, '')}\`**`,
    '',
    ...markdownFields(model.fields, escape),
    ...(view.edits.length > 0 ? ['', '**Changed before it ran**', ...markdownFields(view.edits, escape)] : []),
    '',
    `${view.mark} ${view.summary}${view.votes ? ` (${view.votes})` : ''}`
  ].join('\n')
}
