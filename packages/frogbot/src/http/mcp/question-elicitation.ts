import { inputRequired, inputResponse, type InputRequest, type InputResponses } from '@modelcontextprotocol/server'
import type { PendingCall } from '@frogbotai/protocol'
import type { SettleInput } from '../../contract/turns.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { unknownFieldsRule } from '../../errors/schema-refusal.ts'

type Asked = { questions: { header: string; question: string; options: { label: string }[]; multiple?: boolean; custom?: boolean }[] }

/** Whether every call of `pending` is a question (only questions are handed to an MCP client as forms). */
export function onlyQuestions(pending: PendingCall[]): boolean {
  return pending.length > 0 && pending.every((call) => call.kind === 'question')
}

/**
 * A question call as an MCP form elicitation (`elicitation/create`, form mode): per question `q<i>`,
 * a single-choice string enum or a multi-select array of the option labels (titled by the header,
 * described by the question), and where a typed answer is allowed a string `q<i>_custom`. A
 * question without typed answers needs a pick: its `q<i>` is required (a multi-select, at least
 * one item). `problem` (why the form is asked again) heads the message.
 */
export function questionElicitation(call: PendingCall, problem?: string): InputRequest {
  const { questions } = call.input as Asked
  const properties: Record<string, Record<string, unknown>> = {}
  const required: string[] = []
  questions.forEach((question, index) => {
    const labels = question.options.map((option) => option.label)
    const typed = question.custom !== false
    const titled = { title: question.header, description: question.question }
    properties[`q${index}`] = question.multiple
      ? { type: 'array', ...titled, items: { type: 'string', enum: labels }, ...(typed ? {} : { minItems: 1 }) }
      : { type: 'string', ...titled, enum: labels }
    if (typed) properties[`q${index}_custom`] = { type: 'string', title: `${question.header}: your own answer` }
    else required.push(`q${index}`)
  })
  const message = [...(problem ? [problem, ''] : []), ...questions.map((question) => question.question)].join('\n')
  return inputRequired.elicit({ message, requestedSchema: { type: 'object', properties, required } as never })
}

/**
 * The fields of a question call's form (see {@link questionElicitation}): `q<i>`, and
 * `q<i>_custom` where a typed answer is allowed.
 */
function formFields(questions: Asked['questions']): string[] {
  return questions.flatMap((question, index) => {
    const typed = question.custom !== false
    return [`q${index}`, ...(typed ? [`q${index}_custom`] : [])]
  })
}

/**
 * Refuses the `content` of an accepted form holding a field the form does not have (`q9`,
 * `colour`, `q1_custom` on a question without typed answers), never dropped unread:
 * `invalid-output`, `content: unknown field "q9"; the form's fields are q0, q0_custom`.
 */
function refuseUnknownFields(content: Record<string, unknown>, questions: Asked['questions']): void {
  const fields = formFields(questions)
  const unknown = Object.keys(content).filter((key) => !fields.includes(key))
  if (unknown.length === 0) return
  const rule = `${unknownFieldsRule(unknown)}; the form's fields are ${fields.join(', ')}`
  throw new FrogbotError('invalid-output', `content: ${rule}`)
}

/** What JSON calls `value`'s type, as a refusal names it: `a number`, `a list`, `an object`, `true`. */
function jsonTypeOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value === null) return 'null'
  if (typeof value === 'boolean') return String(value)
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** A form field's type: the check, and how a refusal names it. */
type TypeRule<T> = { is: (value: unknown) => value is T; type: string }

/**
 * `value` of form field `field` (question `header`) when it has `rule`'s type (`null` and absent
 * read as not given), else `invalid-output` naming the field, the expected type and the type sent:
 * `q0 ("Color"): must be a string (one of the options), not a number`.
 */
function typed<T>(value: unknown, field: string, header: string, rule: TypeRule<T>): T | undefined {
  if (value === undefined || value === null) return undefined
  if (rule.is(value)) return value
  const odd = Array.isArray(value) ? value.findIndex((item) => typeof item !== 'string') : -1
  const sent = odd === -1 ? jsonTypeOf(value) : `a list holding ${jsonTypeOf((value as unknown[])[odd])}`
  const named = `${field} (${JSON.stringify(header)})`
  throw new FrogbotError('invalid-output', `${named}: must be ${rule.type}, not ${sent}`)
}

const isString = (value: unknown): value is string => typeof value === 'string'
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString)
const PICK = { is: isString, type: 'a string (one of the options)' }
const PICKS = { is: isStrings, type: 'a list of strings (the options picked)' }
const OWN = { is: isString, type: 'a string (your own answer)' }

/**
 * The settle inputs of the answered forms in `responses` for the question calls `calls`: an
 * accepted form as the question's output (`selected` from `q<i>`, `custom` from `q<i>_custom`
 * when given), a declined or cancelled one as a dismissal. `null` when a form has no response.
 * A field the form does not have (see `refuseUnknownFields`), or of another type than its form
 * asks (`q<i>` a string, or a list of strings for a multi-select; `q<i>_custom` a string; `null`
 * is not given), is never dropped: `invalid-output` naming it (and the type, see `typed`), and
 * the forms are asked again.
 */
export function questionAnswers(calls: PendingCall[], responses: InputResponses | Record<string, unknown> | undefined): SettleInput[] | null {
  const inputs: SettleInput[] = []
  for (const call of calls) {
    const view = inputResponse(responses, call.toolCallId)
    if (view.kind !== 'elicit') return null
    if (view.action !== 'accept') {
      inputs.push({ toolCallId: call.toolCallId, dismissed: true, reason: view.action === 'decline' ? 'Declined in the MCP client.' : 'Cancelled in the MCP client.' })
      continue
    }
    const content: Record<string, unknown> = view.content ?? {}
    refuseUnknownFields(content, (call.input as Asked).questions)
    const answers = (call.input as Asked).questions.map((question, index) => {
      const field = `q${index}`
      const picked = question.multiple
        ? typed(content[field], field, question.header, PICKS)
        : typed(content[field], field, question.header, PICK)
      const custom = typed(content[`${field}_custom`], `${field}_custom`, question.header, OWN)
      const selected = Array.isArray(picked) ? picked : picked ? [picked] : []
      return { header: question.header, selected, ...(custom?.trim() ? { custom } : {}) }
    })
    inputs.push({ toolCallId: call.toolCallId, output: { answers } })
  }
  return inputs
}
