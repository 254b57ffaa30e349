import { type ChannelQuestion, type NameOf, numberedQuestions, type PieceDrawing, settledText } from 'frogbot/channels'
import type { ActivityContent, ActivitySignal } from './linear-api.ts'
import { escapeLine, escapeText } from './linear-markdown.ts'

/** What became of a call, as `drawSettled` gets it. */
type Settlement = Parameters<PieceDrawing['drawSettled']>[0]['settlement']

/** The most options a question is offered with Linear's `select` signal; more are a numbered list. */
export const SELECT_MAX_OPTIONS = 25

const escape = (text: string) => escapeText(text)

/**
 * Whether a call is asked with Linear's `select` signal: one question, one choice, 1 to
 * {@link SELECT_MAX_OPTIONS} options, each label one that the pick (Linear sends back the value,
 * here the label) reads back as that option: one line, no comma, not starting with a digit, no
 * two the same in any letter case.
 */
export function selectable(questions: ChannelQuestion[]): boolean {
  if (questions.length !== 1) return false
  const [question] = questions
  if (question.multiple || question.options.length === 0 || question.options.length > SELECT_MAX_OPTIONS) return false
  const labels = question.options.map((option) => option.label.trim().toLowerCase())
  return new Set(labels).size === labels.length && question.options.every((option) => option.label.trim() !== '' && !/[,\n\r]|^\s*\d/.test(option.label))
}

/**
 * The `elicitation` activity of a waiting call (FrogBot's Linear questions): its questions and
 * numbered options with how to answer (FrogBot's numbered-answer grammar: a reply `2`, `1, 3`,
 * one line per question, own words where allowed); with Linear's `select` signal, the options as
 * its metadata, when the call is {@link selectable}. Linear's stop request declines it. Everything
 * of the model's is escaped.
 */
export function questionActivity(questions: ChannelQuestion[]): { content: ActivityContent; signal?: ActivitySignal } {
  const listed = numberedQuestions(questions, { escape })
  if (!selectable(questions)) return { content: { type: 'elicitation', body: `${listed}\nTo decline, stop the session.` } }
  const options = questions[0].options.map((option) => ({ label: option.label.trim(), value: option.label.trim() }))
  return {
    content: { type: 'elicitation', body: `${listed}\nOr pick one of the options below. To decline, stop the session.` },
    signal: { signal: 'select', signalMetadata: { options } }
  }
}

/**
 * The activity that tells what became of a call once it ended (Linear's activities cannot be
 * edited): each question with its answer (✅) and who answered, a `thought` (the agent goes on);
 * a dismissal, expiry or cancellation is a `response` (the session's last word on the question).
 */
export function settledActivity({ questions, settlement, nameOf }: { questions: ChannelQuestion[]; settlement: Settlement; nameOf: NameOf }): ActivityContent {
  const body = settledText({ questions, settlement, nameOf: (by) => escapeLine(nameOf(by)), escape })
  return { type: settlement.outcome === 'answered' ? 'thought' : 'response', body }
}
