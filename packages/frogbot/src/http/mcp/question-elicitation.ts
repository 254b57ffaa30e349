import { inputRequired, inputResponse, type InputRequest, type InputResponses } from '@modelcontextprotocol/server'
import type { PendingCall } from '@frogbotai/protocol'
import type { SettleInput } from '../../contract/turns.ts'

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
 * The settle inputs of the answered forms in `responses` for the question calls `calls`: an
 * accepted form as the question's output (`selected` from `q<i>`, `custom` from `q<i>_custom`
 * when given), a declined or cancelled one as a dismissal. `null` when a form has no response.
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
    const content = view.content ?? {}
    const answers = (call.input as Asked).questions.map((question, index) => {
      const picked = content[`q${index}`]
      const custom = content[`q${index}_custom`]
      const selected = Array.isArray(picked) ? picked.map(String) : typeof picked === 'string' && picked ? [picked] : []
      return { header: question.header, selected, ...(typeof custom === 'string' && custom.trim() ? { custom } : {}) }
    })
    inputs.push({ toolCallId: call.toolCallId, output: { answers } })
  }
  return inputs
}
