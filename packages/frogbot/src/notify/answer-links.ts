import { createHash, randomBytes } from 'node:crypto'
import { APPROVAL_KIND, type PendingCall, QuestionInput } from '@frogbotai/protocol'
import type { SettleInput } from '../contract/turns.ts'
import type { NewAnswerLink } from '../store/notice-queries.ts'

/** The answer a link gives when used: a question's output, or an approval's decision; `null` opens the answer page. */
export type LinkChoice = { output: unknown } | { approved: boolean } | null

/** One link of a notice: what it says (`label`) and its absolute URL. */
export type AnswerLink = { label: string; url: string }

/** The label of the link to the answer page. */
export const ANSWER_PAGE_LABEL = 'Answer'

/** The questions of a `question` call, parsed (defaults filled in), or `null` for any other call. */
export function questionsOf(call: Pick<PendingCall, 'kind' | 'input'>): QuestionInput['questions'] | null {
  if (call.kind !== 'question') return null
  const parsed = QuestionInput.safeParse(call.input)
  return parsed.success ? parsed.data.questions : null
}

/**
 * The links a call's notice carries (docs/chat/reach-people.md "Answer links"): Approve and Deny
 * for an approval; one per option for one single-choice question; one to the answer page for any
 * other question; none for another client tool (answered in the chat, whose link every notice has).
 */
export function linkChoices(call: Pick<PendingCall, 'kind' | 'input'>): { label: string; choice: LinkChoice }[] {
  if (call.kind === APPROVAL_KIND) return [{ label: 'Approve', choice: { approved: true } }, { label: 'Deny', choice: { approved: false } }]
  const questions = questionsOf(call)
  if (!questions) return []
  const [only] = questions
  if (questions.length === 1 && !only.multiple) {
    return only.options.map((option) => ({ label: option.label, choice: { output: { answers: [{ header: only.header, selected: [option.label] }] } } }))
  }
  return [{ label: ANSWER_PAGE_LABEL, choice: null }]
}

/** The settle input a link's choice gives for call `toolCallId`. */
export function settleInputOf(toolCallId: string, choice: Exclude<LinkChoice, null>): SettleInput {
  return 'approved' in choice ? { toolCallId, approved: choice.approved } : { toolCallId, output: choice.output }
}

/** The SHA-256 (hex) of a link's token: what the database keeps. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether `token` has the form of a link token (43 base64url characters: 256 random bits). */
export function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token)
}

/**
 * New links of `call` for `recipient` (see {@link linkChoices}): each an unguessable token of 256
 * random bits, shown once in its URL `<publicURL>/answer/<token>` and kept only as its SHA-256,
 * bound to the call and the recipient, working until `expiresAt`. Returns the links and the rows to keep.
 */
export function mintLinks({ call, recipient, publicURL, now, expiresAt }: { call: PendingCall; recipient: string; publicURL: string; now: string; expiresAt: string }): { links: AnswerLink[]; rows: NewAnswerLink[] } {
  const links: AnswerLink[] = []
  const rows: NewAnswerLink[] = []
  for (const { label, choice } of linkChoices(call)) {
    const token = randomBytes(32).toString('base64url')
    links.push({ label, url: `${publicURL}/answer/${token}` })
    rows.push({ token_hash: tokenHash(token), chat_id: call.chatId, tool_call_id: call.toolCallId, recipient, label, choice: choice === null ? null : JSON.stringify(choice), expires_at: expiresAt, created_at: now })
  }
  return { links, rows }
}
