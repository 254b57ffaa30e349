import type { QuestionInput, QuestionOutput } from '@frogbotai/protocol'
import type { Caller } from '../contract/caller.ts'
import type { SettleInput, SettleOutcome } from '../contract/turns.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { ChatStore } from '../store/chat-store.ts'
import type { AnswerLinksTable } from '../store/database-schema.ts'
import { toPendingCall, type CallRecord } from '../store/chat-records.ts'
import { type LinkAgent, linkCallerOf, linkMayAnswer } from './link-access.ts'
import { isTokenShaped, type LinkChoice, questionsOf, settleInputOf, tokenHash } from './answer-links.ts'
import { confirmPage, donePage, type LinkContext, type LinkRefusal, questionsPage, refusalPage } from './answer-page.ts'
import { callPrompt, chatURLOf } from './notice-text.ts'
import { unknownFieldsRule } from '../errors/schema-refusal.ts'

/**
 * What the answer-link door needs: the store, the one settle door, the agents (their tools' `access`
 * rules, by slug) and their names, the clock, the public URL.
 */
export type LinkDoorDeps = {
  store: ChatStore
  agents: Map<string, LinkAgent>
  settle: (options: { chatId: string; inputs: SettleInput[]; req: Caller }) => Promise<SettleOutcome>
  agentName: (slug: string) => string
  now: () => Date
  publicURL: string
}

/** The form a `POST` carries: its fields, or why it could not be read (`q0-custom: not valid UTF-8`). */
export type PostedForm = URLSearchParams | { invalid: string }

/** A page of the door: its status and HTML. */
export type LinkPage = { status: number; html: string }

const refused = (why: LinkRefusal, chatURL?: string): LinkPage => refusalPage(why, chatURL)

/** A link still usable, with its call and what its pages say; or why not. */
async function openLinkRow(
  deps: LinkDoorDeps,
  token: string
): Promise<
  | {
      link: AnswerLinksTable
      call: CallRecord
      agentSlug: string
      context: LinkContext
      chatURL: string
      questions: QuestionInput['questions'] | null
    }
  | { refusal: LinkPage }
> {
  const link = isTokenShaped(token) ? await deps.store.findLink(tokenHash(token)) : null
  if (!link) return { refusal: refused('unknown') }
  const [call] = await deps.store.getCalls(link.chat_id, [link.tool_call_id])
  const chat = await deps.store.getChat(link.chat_id)
  // A deleted chat takes its links along; one still found without its chat is not a link to answer.
  if (!chat) return { refusal: refused('unknown') }
  const chatURL = chatURLOf(deps.publicURL, chat.agentSlug, chat.id)
  // The chat is there but the link's call is not (an edit removed the message that asked it), or a
  // call asked after the link was made holds its ids (another call; the link was never for it):
  // the call the link was sent for is no longer asked.
  if (!call || call.createdAt > link.created_at) {
    const approval = link.choice !== null && 'approved' in (JSON.parse(link.choice) as object)
    return { refusal: refused(approval ? 'withdrawn-approval' : 'withdrawn', chatURL) }
  }
  if (call.status !== 'pending') return { refusal: refused('settled', chatURL) }
  if (link.used_at) return { refusal: refused('used', chatURL) }
  if (link.expires_at <= deps.now().toISOString()) return { refusal: refused('expired', chatURL) }
  const context = { agentName: deps.agentName(chat.agentSlug), chatTitle: chat.title, recipient: link.recipient, prompt: callPrompt(call) }
  return { link, call, agentSlug: chat.agentSlug, context, chatURL, questions: questionsOf(call) }
}

/**
 * `GET /answer/<token>` (docs/chat/reach-people.md "Answer links"): shows what the link would
 * answer, with a button that posts back to the same URL, or the answer page; changes nothing (mail
 * scanners open links). A link that is unknown or altered, used, expired, whose call settled, or
 * whose call is no longer asked (removed by an edit of the chat) gets its refusal page; so does a
 * link whose recipient the tool's `approval.access` or `client.access` refuses now (`403`, the
 * check its `POST` makes, asked without settling; a rule that throws leaves the `POST` to decide).
 */
export async function showLink(deps: LinkDoorDeps, token: string): Promise<LinkPage> {
  const opened = await openLinkRow(deps, token)
  if ('refusal' in opened) return opened.refusal
  const { link, context, questions } = opened
  const agent = deps.agents.get(opened.agentSlug)
  const call = toPendingCall(opened.call)
  const may = await linkMayAnswer({ db: deps.store.db, agent, recipient: link.recipient, call })
  if ('allowed' in may && !may.allowed) return refused('forbidden', opened.chatURL)
  if (link.choice !== null) return { status: 200, html: confirmPage(context, link.label) }
  if (!questions) return refused('unavailable', opened.chatURL)
  return { status: 200, html: questionsPage(context, questions) }
}

/** The answer the answer page's form gives: `q<i>` (options) and `q<i>-custom` (typed) per question. */
function formAnswer(questions: QuestionInput['questions'], form: URLSearchParams): QuestionOutput {
  return {
    answers: questions.map((question, index) => {
      const custom = form.get(`q${index}-custom`)?.trim()
      return { header: question.header, selected: form.getAll(`q${index}`), ...(custom ? { custom } : {}) }
    })
  }
}

/**
 * Why the answer page's form `form` is refused before it is read as an answer, or `null`: a field
 * the page does not send (`body: unknown field "note"`, as JSON bodies say it; the page sends `q<i>`
 * and `q<i>-custom` per question, the latter where a typed answer is allowed), or a typed answer
 * given twice (`q1-custom: give it once`). Nothing of it is dropped unread.
 */
function formProblem(questions: QuestionInput['questions'], form: URLSearchParams): string | null {
  const fieldsOf = (custom: boolean, index: number) => [`q${index}`, ...(custom ? [`q${index}-custom`] : [])]
  const known = new Set(questions.flatMap((question, index) => fieldsOf(question.custom, index)))
  const unknown = [...new Set(form.keys())].filter((name) => !known.has(name))
  if (unknown.length > 0) return `body: ${unknownFieldsRule(unknown)}`
  const twice = [...known].find((name) => name.endsWith('-custom') && form.getAll(name).length > 1)
  return twice ? `${twice}: give it once` : null
}

/** A short line of what was answered, for the done page. */
function summaryOf(choice: Exclude<LinkChoice, null>, label: string): string {
  if ('approved' in choice) return choice.approved ? 'Approved.' : 'Denied.'
  const answers = (choice.output as QuestionOutput).answers
  if (label !== 'Answer') return `You answered “${label}”.`
  return answers.map((answer) => `${answer.header}: ${[...answer.selected, ...(answer.custom ? [answer.custom] : [])].join(', ') || '(nothing)'}`).join(' · ')
}

/**
 * `POST /answer/<token>`: claims the link (one atomic update: unused and unexpired), then settles
 * its call through the one settle door as the link's recipient (`by: { link: { recipient } }`,
 * with their FrogBot user when one has that email). An answer the door refuses as invalid gives
 * the link back and shows the form again with the reason; a call settled meanwhile, a refusal of
 * the app's `access` rules, a vote its recipient already gave (a quorum), a used, expired or unknown
 * link: a refusal page, and nothing changes (a refused answer gives the link back).
 * A form that could not be read (`{ invalid }`: a field not UTF-8), or that holds a field the page
 * does not send (see `formProblem`; a one-answer link's confirm page sends none), shows its page
 * again with the reason (400), and the link stays unused.
 */
export async function useLink(deps: LinkDoorDeps, token: string, form: PostedForm): Promise<LinkPage> {
  const opened = await openLinkRow(deps, token)
  if ('refusal' in opened) return opened.refusal
  const { link, context, chatURL, questions } = opened
  let choice: Exclude<LinkChoice, null>
  if (link.choice !== null) {
    // The confirm page's form sends no field.
    const problem = 'invalid' in form ? form.invalid : formProblem([], form)
    if (problem) return { status: 400, html: confirmPage(context, link.label, problem) }
    choice = JSON.parse(link.choice)
  } else if (questions) {
    const problem = 'invalid' in form ? form.invalid : formProblem(questions, form)
    if (problem) return { status: 400, html: questionsPage(context, questions, problem) }
    choice = { output: formAnswer(questions, form as URLSearchParams) }
  } else return refused('unavailable', chatURL)
  const now = deps.now().toISOString()
  if (!(await deps.store.claimLink(link.token_hash, now))) {
    const again = await openLinkRow(deps, token)
    return 'refusal' in again ? again.refusal : refused('used', chatURL)
  }
  const req: Caller = await linkCallerOf(deps.store.db, link.recipient)
  try {
    const outcome = await deps.settle({ chatId: link.chat_id, inputs: [settleInputOf(link.tool_call_id, choice)], req })
    if (outcome.kind === 'continued') {
      void outcome.run.stream.cancel().catch(() => {})
      outcome.run.result.catch(() => {})
    }
  } catch (error) {
    // A refused answer changes nothing: the link is given back (a call settled meanwhile refuses it anyway).
    await deps.store.releaseLink(link.token_hash)
    if (!FrogbotError.isInstance(error)) throw error
    if (['invalid-output', 'invalid-input', 'bad-request'].includes(error.code) && questions) {
      return { status: 400, html: questionsPage(context, questions, error.message) }
    }
    if (['already-settled', 'not-awaiting', 'call-not-found', 'pending-calls'].includes(error.code)) return refused('settled', chatURL)
    if (error.code === 'already-voted') return refused('voted', chatURL)
    if (['forbidden', 'unauthorized'].includes(error.code)) return refused('forbidden', chatURL)
    return refused(['closed', 'write-conflict'].includes(error.code) ? 'busy' : 'unavailable', chatURL)
  }
  return { status: 200, html: donePage({ summary: summaryOf(choice, link.label), chatURL }) }
}
