import { QuestionOutput, type SettlementWithPart } from '@frogbotai/protocol'
import { type NameOf, plainNameOf } from '../piece-notices.ts'
import { drawnText } from '../../text/drawn-text.ts'
import { answerText, type ChannelQuestion } from './question-answers.ts'
import { settledLine } from './settled-line.ts'

/** How a piece presents text of the model's on its platform: `escape` makes it safe for the platform's markup (default: as it is). */
export type PresentOptions = { escape?: (text: string) => string }

/** The commands a platform answers with (GitHub: `/answer`, `/dismiss`), when it needs them. */
export type AnswerCommands = { command?: string; dismiss?: string }

const asIs = (text: string) => text

/**
 * How to answer `questions` by typing, in one sentence, for people: by option number or as
 * written, several separated by commas where a question allows several, own words where it
 * allows them; one line per question, by number or header, when there are several questions
 * (FrogBot's numbered-answer grammar, see `readNumberedAnswer`). `command`: the platform's answer
 * command that starts the reply; `dismiss`: the one that declines the question.
 */
export function howToAnswer(questions: ChannelQuestion[], { command, dismiss }: AnswerCommands = {}): string {
  const start = command ? `Reply with ${command} and` : 'Reply with'
  const decline = dismiss ? ` Reply ${dismiss} to decline.` : ''
  if (questions.length === 1) {
    const [question] = questions
    const range = question.options.length === 1 ? '1' : `1 to ${question.options.length}`
    const own = question.custom ? ', or your own words' : ''
    const several = question.multiple ? `; for several, separate them with commas (${command ? `${command} ` : ''}1, 2)` : ''
    return `${start} the number of an option (${range}), the option as it is written${own}${several}.${decline}`
  }
  const [first] = questions
  const example = `“${command ? `${command} ` : ''}1: 2” or “${first.header}: ${first.options[0].label}”`
  const own = questions.some((question) => question.custom) ? ', or your own words where a question allows them' : ''
  return `${start} one line per question, such as ${example}: option numbers or options as they are written (several separated by commas)${own}.${decline}`
}

/** One question and its numbered options, each option's description after it. */
function questionLines(question: ChannelQuestion, escape: (text: string) => string, indent: string): string[] {
  const note = question.multiple ? ' (select any)' : ''
  const options = question.options.map((option, index) => `${indent}${index + 1}. ${escape(option.label)}${option.description ? ` — ${escape(option.description)}` : ''}`)
  return [`${escape(question.header)}: ${escape(question.question)}${note}`, ...options]
}

/**
 * The questions of a call as a numbered list with how to answer them (see {@link howToAnswer}),
 * for platforms without controls for them: one question as its header and text, then its options
 * numbered from 1; several questions numbered from 1, each with its options. Each piece escapes
 * the model's text for its own markup (`escape`).
 */
export function numberedQuestions(questions: ChannelQuestion[], { escape: escapeFor = asIs, ...commands }: PresentOptions & AnswerCommands = {}): string {
  const escape = (text: string) => escapeFor(drawnText(text))
  const blocks =
    questions.length === 1
      ? [questionLines(questions[0], escape, '')]
      : questions.map((question, index) => {
          const [head, ...options] = questionLines(question, escape, '   ')
          return [`${index + 1}. ${head}`, ...options]
        })
  return [...blocks.flat(), howToAnswer(questions, commands)].join('\n')
}

/**
 * What replaces a card once its call ended, as text: each question with its answer (✅), then
 * who answered or dismissed it (`nameOf` names them the platform's way), or that it was cancelled
 * or expired. For platforms whose cards are text (and a fallback for the others).
 */
export function settledText({ questions, settlement, nameOf = plainNameOf, escape: escapeFor = asIs }: { questions: ChannelQuestion[]; settlement: SettlementWithPart; nameOf?: NameOf } & PresentOptions): string {
  const escape = (text: string) => escapeFor(drawnText(text))
  const part = (settlement.part ?? {}) as { output?: unknown; errorText?: string }
  const output = settlement.outcome === 'answered' ? (QuestionOutput.safeParse(part.output).data ?? null) : null
  const lines = questions.map((question, index) => {
    const answer = output?.answers[index]
    const head = `${escape(question.header)}: ${escape(question.question)}`
    return answer ? `${head}\n✅ ${escape(answerText(answer))}` : head
  })
  const summary = settledLine({ outcome: settlement.outcome, who: nameOf(settlement.by), reason: settlement.reason, errorText: part.errorText }, escape)
  return [...lines, summary].join('\n')
}
