import { type ChannelQuestion, formAnswer, readNumberedAnswer, type ReplyReading, unansweredText } from 'frogbot/channels'
import { ACTIONS, cardLayout, choiceInput, NUMBERED_INPUT, textInput } from './question-card.ts'

/** The text of input `id` in a submitted `value`, or `''` (Teams submits every input as a string; anything else is not an answer). */
const textOf = (value: Record<string, unknown>, id: string) => (typeof value[id] === 'string' ? value[id] : '')

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
  // Each question's choice set submits the picked options' indexes comma-joined.
  const picks = (index: number) => textOf(value, choiceInput(index)).split(',')
  const field = (index: number) => ({ picks: picks(index), typed: textOf(value, textInput(index)) })
  const read = formAnswer(questions, field, (index) => unansweredText(questions, index, ', then Submit'))
  if ('problem' in read) return { kind: 'invalid', message: read.problem, question: read.question }
  return { kind: 'answer', output: read.output }
}
