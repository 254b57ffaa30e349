import { answerFrom, answerProblems, type ChannelQuestion, firstUnanswered, type QuestionSelection, readNumberedAnswer, type ReplyReading } from 'frogbot/channels'
import { ACTIONS, cardLayout, choiceInput, NUMBERED_INPUT, textInput } from './question-card.ts'

/** What a participant is told about a question left without an answer (its number too, when the call has several). */
const unanswered = (question: ChannelQuestion, index: number, count: number) =>
  `Choose an option for ${count > 1 ? `question ${index + 1}, ` : ''}“${question.header}”${question.custom ? ', or type your own answer' : ''}, then Submit.`

/** The text of input `id` in a submitted `value`, or `''` (Teams submits every input as a string; anything else is not an answer). */
const textOf = (value: Record<string, unknown>, id: string) => (typeof value[id] === 'string' ? value[id] : '')

/** One question's selection from its choice set's comma-joined option indexes and its text box; a problem when an index is not one of its options. */
function selectionOf(question: ChannelQuestion, index: number, value: Record<string, unknown>): QuestionSelection | { problem: string } {
  const selected: string[] = []
  for (const item of textOf(value, choiceInput(index)).split(',').map((part) => part.trim()).filter(Boolean)) {
    const choice = /^\d{1,6}$/.test(item) ? Number(item) : Number.NaN
    if (!(choice < question.options.length)) return { problem: Number.isNaN(choice) ? answerProblems.noSuchOption(question, item) : answerProblems.noOption(question, choice + 1) }
    if (!selected.includes(question.options[choice].label)) selected.push(question.options[choice].label)
  }
  const custom = question.custom ? textOf(value, textInput(index)).trim() : ''
  return { selected, ...(custom ? { custom } : {}) }
}

/**
 * Reads the `value` of a submitted question card of `questions` (an `Action.Submit`'s `data`
 * merged with every input, as Teams sends it), as FrogBot's reply readers read a reply: `dismiss`
 * (Dismiss), `answer` (Submit with one choice set, and text box, per question; or the numbered
 * layout's one text box read with FrogBot's numbered-answer grammar), `invalid` (a rule it breaks,
 * for the participant, `question` its index), or `none` (no button of a question card). The
 * engine checks the answer's rules again when it settles.
 */
export function readSubmit(questions: ChannelQuestion[], value: Record<string, unknown>): ReplyReading {
  if (value.actionId === ACTIONS.dismiss) return { kind: 'dismiss' }
  if (value.actionId !== ACTIONS.submit) return { kind: 'none' }
  if (cardLayout(questions) === 'numbered') {
    const reading = readNumberedAnswer(questions, textOf(value, NUMBERED_INPUT), { addressed: true })
    return reading.kind === 'answer' || reading.kind === 'invalid' ? reading : { kind: 'invalid', message: 'Write one line a question in the box, starting with its number, then Submit.' }
  }
  const selections: QuestionSelection[] = []
  for (const [index, question] of questions.entries()) {
    const selection = selectionOf(question, index, value)
    if ('problem' in selection) return { kind: 'invalid', message: selection.problem, question: index }
    selections.push(selection)
  }
  const missing = firstUnanswered(questions, selections)
  if (missing >= 0) return { kind: 'invalid', message: unanswered(questions[missing], missing, questions.length), question: missing }
  return { kind: 'answer', output: answerFrom(questions, selections) }
}
