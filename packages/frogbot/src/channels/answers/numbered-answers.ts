import type { QuestionOutput } from '@frogbotai/protocol'
import type { ChannelQuestion, QuestionSelection } from './question-answers.ts'
import { clipText } from '../../text/clip-text.ts'

/**
 * What a text reply to a waiting `question` call says:
 * - `none`: it is not an attempt at answering (an ordinary message, for the agent);
 * - `answer`: a complete answer, one entry per question, that keeps the seed's answer rules;
 * - `dismiss`: the participant declines the question (`reason`, when given);
 * - `invalid`: an attempt that breaks a rule: `message` says which, for people, naming the
 *   question by its header; `question` is its index when one question is at fault.
 */
export type ReplyReading =
  | { kind: 'none' }
  | { kind: 'answer'; output: QuestionOutput }
  | { kind: 'dismiss'; reason?: string }
  | { kind: 'invalid'; message: string; question?: number }

type Value = QuestionSelection | { problem: string } | 'none' | null

const QUOTES: Record<string, string> = { '"': '"', "'": "'", '“': '”', '‘': '’', '„': '“', '«': '»' }
const NUMBER = /^\d{1,6}\.?$/
const LINE = /^\s*(\d{1,6})\s*[.:)]\s*(.*)$/
const HEADED = /^\s*([^:\n]{1,60}):\s*(.*)$/

const clip = (text: string, max = 60) => clipText(text, max)
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** The text inside one pair of straight or curly quotes around all of `text`, or `null`. */
function unquoted(text: string): string | null {
  const close = QUOTES[text[0]]
  return close && text.length >= 2 && text.endsWith(close) ? text.slice(1, -1).trim() : null
}

const range = (question: ChannelQuestion) => (question.options.length === 1 ? '1' : `1 to ${question.options.length}`)

/** The messages of the rules a reply breaks, each naming the question by its header. */
export const answerProblems = {
  acceptsOne: (question: ChannelQuestion) => `'${question.header}' accepts one answer.`,
  noOption: (question: ChannelQuestion, number: number) => `'${question.header}' has no option ${number}; choose ${range(question)}.`,
  noSuchOption: (question: ChannelQuestion, text: string) =>
    `'${question.header}' has no option “${clip(text)}”; choose by number (${range(question)}) or write an option as it is written.`,
  noTyped: (question: ChannelQuestion) => `'${question.header}' takes no typed answer; choose one of its options (${range(question)}).`,
  needsAnswer: (question: ChannelQuestion) =>
    `'${question.header}' needs an answer: the number of an option (${range(question)}), an option as it is written${question.custom ? ', or your own words' : ''}.`,
  unanswered: (question: ChannelQuestion, index: number) => `'${question.header}' has no answer; add a line such as “${index + 1}: 1”.`,
  twice: (question: ChannelQuestion) => `'${question.header}' is answered twice.`,
  noQuestion: (line: number, number: number, count: number) => `Line ${line}: there is no question ${number}; the questions are numbered 1 to ${count}.`,
  startLines: (line: number, questions: ChannelQuestion[]) =>
    `Line ${line}: start each answer with its question's number or header, as in “1: ${clip(questions[0].options[0].label, 40)}”.`
}

/** One item of an answer: an option by its number (`2`), an option by its label (any case), or other text. */
function itemOf(question: ChannelQuestion, item: string): { label: string } | { number: number } | { other: string } {
  if (NUMBER.test(item)) return { number: Number(item.replace(/\.$/, '')) }
  const option = question.options.find((candidate) => same(candidate.label, item))
  return option ? { label: option.label } : { other: item }
}

/**
 * One question's answer in `raw`: options by number or label, separated by commas, or typed text
 * where the question allows it (quoted, or any text when `addressed`). `null` when there is none;
 * `'none'` when the text is not clearly an attempt (other text, not addressed).
 */
function readValue(question: ChannelQuestion, raw: string, addressed: boolean): Value {
  const text = raw.trim()
  if (text === '') return null
  const quoted = unquoted(text)
  if (quoted !== null) {
    if (quoted === '') return null
    return question.custom ? { selected: [], custom: quoted } : { problem: answerProblems.noTyped(question) }
  }
  const whole = question.options.find((option) => same(option.label, text))
  if (whole) return { selected: [whole.label] }
  const items = text.split(',').map((item) => item.trim()).filter((item) => item !== '').map((item) => itemOf(question, item))
  if (items.length === 0) return null
  const others = items.flatMap((item) => ('other' in item ? [item.other] : []))
  if (others.length > 0 && !addressed) return 'none'
  const selected: string[] = []
  for (const item of items) {
    if ('other' in item) continue
    if ('number' in item && (item.number < 1 || item.number > question.options.length)) return { problem: answerProblems.noOption(question, item.number) }
    const label = 'label' in item ? item.label : question.options[item.number - 1].label
    if (!selected.includes(label)) selected.push(label)
  }
  if (others.length > 0 && !question.custom) return { problem: answerProblems.noSuchOption(question, others[0]) }
  if (!question.multiple && selected.length > 1) return { problem: answerProblems.acceptsOne(question) }
  return others.length > 0 ? { selected, custom: others.join(', ') } : { selected }
}

const answerOf = (questions: ChannelQuestion[], selections: QuestionSelection[]): ReplyReading => ({
  kind: 'answer',
  output: { answers: questions.map((question, index) => ({ header: question.header, selected: selections[index].selected, ...(selections[index].custom ? { custom: selections[index].custom } : {}) })) }
})

/** `text` without a leading `Header:`, case aside. */
function withoutHeader(question: ChannelQuestion, text: string): string {
  const match = HEADED.exec(text)
  return match && same(match[1], question.header) ? match[2] : text
}

/** The answer to a call of one question: the whole text, after an optional `1.` or `Header:` in front. */
function readOne(question: ChannelQuestion, text: string, addressed: boolean): ReplyReading {
  const numbered = /^\s*1\s*[.:)]\s*(\S.*)$/s.exec(text)
  const body = withoutHeader(question, numbered ? numbered[1] : text)
  const value = readValue(question, body, addressed || body !== text)
  if (value === 'none') return { kind: 'none' }
  if (value === null) return addressed ? { kind: 'invalid', message: answerProblems.needsAnswer(question), question: 0 } : { kind: 'none' }
  if ('problem' in value) return { kind: 'invalid', message: value.problem, question: 0 }
  return answerOf([question], [value])
}

type Line = { at: number; index: number; value: string } | { at: number; unknownNumber: number } | { at: number; plain: true }

/** A line of an answer to several questions: `2: Blue`, `2. Color: Blue`, `Color: Blue`, or a line that names no question. */
function lineOf(questions: ChannelQuestion[], line: string, at: number): Line {
  const numbered = LINE.exec(line)
  if (numbered) {
    const number = Number(numbered[1])
    if (number < 1 || number > questions.length) return { at, unknownNumber: number }
    return { at, index: number - 1, value: withoutHeader(questions[number - 1], numbered[2]) }
  }
  const headed = HEADED.exec(line)
  const index = headed ? questions.findIndex((question) => same(question.header, headed[1])) : -1
  return index >= 0 ? { at, index, value: headed![2] } : { at, plain: true }
}

/** The answer to a call of several questions: one line per question, by number or header. */
function readSeveral(questions: ChannelQuestion[], text: string, addressed: boolean): ReplyReading {
  const lines = text.split(/\r?\n/).flatMap((line, at) => (line.trim() === '' ? [] : [lineOf(questions, line, at + 1)]))
  const plain = lines.find((line) => 'plain' in line)
  if (plain && (!addressed || lines.every((line) => 'plain' in line))) return addressed ? { kind: 'invalid', message: answerProblems.startLines(plain.at, questions) } : { kind: 'none' }
  if (lines.length === 0) return addressed ? { kind: 'invalid', message: answerProblems.unanswered(questions[0], 0), question: 0 } : { kind: 'none' }
  const selections: (QuestionSelection | null)[] = questions.map(() => null)
  for (const line of lines) {
    if ('plain' in line) return { kind: 'invalid', message: answerProblems.startLines(line.at, questions) }
    if ('unknownNumber' in line) return { kind: 'invalid', message: answerProblems.noQuestion(line.at, line.unknownNumber, questions.length) }
    const question = questions[line.index]
    const value = readValue(question, line.value, true)
    if (value === null || value === 'none') continue
    if ('problem' in value) return { kind: 'invalid', message: value.problem, question: line.index }
    if (selections[line.index]) return { kind: 'invalid', message: answerProblems.twice(question), question: line.index }
    selections[line.index] = value
  }
  const missing = selections.findIndex((selection) => selection === null)
  if (missing >= 0) return { kind: 'invalid', message: answerProblems.unanswered(questions[missing], missing), question: missing }
  return answerOf(questions, selections as QuestionSelection[])
}

/**
 * Reads `text` as the answer to `questions` (FrogBot's numbered-answer grammar, the way to answer
 * where a platform has no controls for it: GitHub, Linear, typed answers on Telegram and Discord).
 * Pure; exact and forgiving:
 * - one question: the whole text is the answer: option numbers (`2`, `1, 3`), options as they are
 *   written in any case (`blue`, `Blue, Green`), or own words where the question allows them
 *   (straight or curly quotes optional), after an optional `1.` or `Header:` in front;
 * - several questions: one line per question, by number or header: `2: Blue, Green`, `2. Blue`,
 *   `Color: Blue`; numbers, options as written, or own words where allowed;
 * - every broken rule has its own message naming the question ({@link answerProblems}).
 * A text that is not clearly an attempt (words that are no option, lines that name no question)
 * is `none` unless `addressed` (the participant replied to the question itself, or after its
 * "Other…" control, or with the platform's answer command): then own words are the typed answer,
 * and a text that breaks a rule is `invalid` rather than `none`.
 */
export function readNumberedAnswer(questions: ChannelQuestion[], text: string, { addressed = false }: { addressed?: boolean } = {}): Exclude<ReplyReading, { kind: 'dismiss' }> {
  const reading = questions.length === 1 ? readOne(questions[0], text, addressed) : readSeveral(questions, text, addressed)
  return reading as Exclude<ReplyReading, { kind: 'dismiss' }>
}
