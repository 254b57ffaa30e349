import type { QuestionOutput } from 'frogbot/tools'
import { answerFrom, answerProblems, type ChannelQuestion, firstUnanswered, type QuestionSelection, readNumberedAnswer } from 'frogbot/channels'
import { ACTIONS, cardLayout, choiceInput, NUMBERED_INPUT, textInput } from './question-card.ts'

/**
 * What a submitted question card says: `answer` (its output, for the settle door), `dismiss`,
 * `invalid` (a rule it breaks, for the participant: the question left without an answer, a
 * choice the question does not have; `question` is its index), or `ignore` (no button of a
 * question card).
 */
export type SubmitReading = { kind: 'answer'; output: QuestionOutput } | { kind: 'dismiss' } | { kind: 'invalid'; message: string; question?: number } | { kind: 'ignore' }

/** What a participant is told about a question left without an answer (its number too, when the call has several). */
const unanswered = (question: ChannelQuestion, index: number, count: number) =>
  `Choose an option for ${count > 1 ? `question ${index + 1}, ` : ''}“${question.header}”${question.custom ? ', or type your own answer' : ''}, then Submit.`

/** The text of input `id` in a submitted `value`, or `''` (Teams submits every input as a string; anything else is not an answer). */
const textOf = (value: Record<string, unknown>, id: string) => (typeof value[id] === 'string' ? (value[id] as string) : '')

/** One question's selection from its choice set's comma-joined option indexes and its text box; a problem when an index is not one of its options. */
function selectionOf(question: ChannelQuestion, index: number, value: Record<string, unknown>): QuestionSelection | { problem: string } {
  const picked = textOf(value, choiceInput(index))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  const selected: string[] = []
  for (const item of picked) {
    const choice = /^\d{1,6}$/.test(item) ? Number(item) : Number.NaN
    if (!(choice < question.options.length)) return { problem: /^\d{1,6}$/.test(item) ? answerProblems.noOption(question, choice + 1) : answerProblems.noSuchOption(question, item) }
    if (!selected.includes(question.options[choice].label)) selected.push(question.options[choice].label)
  }
  const custom = question.custom ? textOf(value, textInput(index)).trim() : ''
  return { selected, ...(custom ? { custom } : {}) }
}

/**
 * Reads the `value` of a submitted question card of `questions` (an `Action.Submit`'s `data`
 * merged with every input, as Teams sends it): Dismiss, or Submit with one choice set (and text
 * box) per question, or the numbered layout's one text box read with FrogBot's numbered-answer
 * grammar. The engine checks the answer's rules again when it settles.
 */
export function readSubmit(questions: ChannelQuestion[], value: unknown): SubmitReading {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'ignore' }
  const submitted = value as Record<string, unknown>
  if (submitted.actionId === ACTIONS.dismiss) return { kind: 'dismiss' }
  if (submitted.actionId !== ACTIONS.submit) return { kind: 'ignore' }
  if (cardLayout(questions) === 'numbered') {
    const reading = readNumberedAnswer(questions, textOf(submitted, NUMBERED_INPUT), { addressed: true })
    if (reading.kind === 'answer') return reading
    if (reading.kind === 'invalid') return reading
    return { kind: 'invalid', message: 'Write one line a question in the box, starting with its number, then Submit.' }
  }
  const selections: QuestionSelection[] = []
  for (const [index, question] of questions.entries()) {
    const selection = selectionOf(question, index, submitted)
    if ('problem' in selection) return { kind: 'invalid', message: selection.problem, question: index }
    selections.push(selection)
  }
  const missing = firstUnanswered(questions, selections)
  if (missing >= 0) return { kind: 'invalid', message: unanswered(questions[missing], missing, questions.length), question: missing }
  return { kind: 'answer', output: answerFrom(questions, selections) }
}
