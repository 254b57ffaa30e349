import type { QuestionOutput } from '@frogbotai/protocol'
import { answerProblems } from './answers/numbered-answers.ts'
import type { ChannelQuestion, QuestionSelection } from './answers/question-answers.ts'
import { selectionsAnswer } from './selections-answer.ts'

/**
 * What one question of a submitted form holds: the values of the options picked, each the option's
 * index as text (how FrogBot's cards name options in a platform's controls, never by label), and
 * the text typed beside them, where the form has a text box for it.
 */
export type FormField = { picks: string[]; typed?: string }

/** A pick's option index, or `NaN` when it is not one (up to 6 digits: no option list is longer). */
const indexOf = (pick: string) => (/^\d{1,6}$/.test(pick) ? Number(pick) : Number.NaN)

/** One question's selection from its `field`, or what is wrong with a pick (`answerProblems`' text). */
function selectionOf(question: ChannelQuestion, field: FormField): QuestionSelection | { problem: string } {
  const selected: string[] = []
  for (const pick of field.picks.map((item) => item.trim()).filter(Boolean)) {
    const index = indexOf(pick)
    if (Number.isNaN(index)) return { problem: answerProblems.noSuchOption(question, pick) }
    if (index >= question.options.length) return { problem: answerProblems.noOption(question, index + 1) }
    if (!selected.includes(question.options[index].label)) selected.push(question.options[index].label)
  }
  const custom = question.custom ? (field.typed ?? '').trim() : ''
  return { selected, ...(custom ? { custom } : {}) }
}

/**
 * The answer a form gives when every question of a call is submitted at once (a Teams Adaptive
 * Card's Submit; a modal or form of another platform): `field(index)` is what question `index`
 * holds (see {@link FormField}; a pick that is no option's index is refused with the kit's
 * `answerProblems` text, a pick named twice counts once, typed text is read only where the question
 * takes typed answers). Resolves the answer, or the first problem with the index of its `question`:
 * a pick that names no option, else the first question left without an answer, told as
 * `unanswered(index)` says. The engine checks the answer's rules again when it settles.
 */
export function formAnswer(
  questions: ChannelQuestion[],
  field: (index: number) => FormField,
  unanswered: (index: number) => string
): { output: QuestionOutput } | { problem: string; question: number } {
  const selections: QuestionSelection[] = []
  for (const [index, question] of questions.entries()) {
    const selection = selectionOf(question, field(index))
    if ('problem' in selection) return { problem: selection.problem, question: index }
    selections.push(selection)
  }
  const read = selectionsAnswer(questions, selections, unanswered)
  return 'output' in read ? read : { problem: read.message, question: read.question }
}
