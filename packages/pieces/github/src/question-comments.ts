import { answerText, type ChannelQuestion, clipText, drawnText, type NameOf, type PieceDrawing, settledAnswer, settledLine } from 'frogbot/channels'
import { escapeLine as label, escapeText } from './github-markdown.ts'

/** What became of a call, as `drawSettled` gets it. */
type Settlement = Parameters<PieceDrawing['drawSettled']>[0]['settlement']

/** The answer command and the dismissal command of FrogBot's GitHub grammar. */
export const COMMANDS = { answer: '/answer', dismiss: '/dismiss' } as const

/** How much of a typed answer or a reason a settled comment repeats (characters); the whole of it is the participant's own comment. */
const ECHOED_ANSWER_MAX = 2000

const clip = (text: string) => clipText(drawnText(text), ECHOED_ANSWER_MAX)

/** The head of question `index`'s comment: its header in bold (numbered when the call has several), then its text. */
function head(questions: ChannelQuestion[], index: number): string[] {
  const question = questions[index]
  const title = questions.length > 1 ? `**Question ${index + 1} of ${questions.length}: ${label(question.header)}**` : `**${label(question.header)}**`
  return [title, escapeText(question.question)]
}

/** Two option numbers for an example of several picks (`1, 3`), or `null` when the question takes one or has one option. */
const severalExample = (question: ChannelQuestion) => (question.multiple && question.options.length > 1 ? `1, ${Math.min(3, question.options.length)}` : null)

/** How to answer a call of one question, in one sentence: `/answer 2`, `/answer 1, 3` for several, own words where allowed; `/dismiss`. */
function oneQuestionHowTo(question: ChannelQuestion): string {
  const example = Math.min(2, question.options.length)
  const several = severalExample(question)
  const ways = [
    `\`${COMMANDS.answer} ${example}\` with an option's number (or its label as written)`,
    ...(several ? [`\`${COMMANDS.answer} ${several}\` for several`] : []),
    ...(question.custom ? ['`/answer "your own words"` (quotes optional)'] : [])
  ]
  const listed = ways.length === 1 ? ways[0] : `${ways.slice(0, -1).join(', ')}, or ${ways.at(-1)}`
  return `Reply ${listed}. \`${COMMANDS.dismiss}\` declines the question.`
}

/** How to answer a call of several questions: one `/answer` comment, a line per question; an example that fits the call. */
function severalQuestionsHowTo(questions: ChannelQuestion[]): string[] {
  const lines = questions.map((question, index) => `${index + 1}: ${severalExample(question) ?? '1'}`)
  return [
    `Answer all ${questions.length} questions in one comment: \`${COMMANDS.answer}\`, then a line per question with its number and your answer, such as`,
    '',
    '```',
    COMMANDS.answer,
    ...lines,
    '```',
    '',
    `Choose options by number or by their label as written${questions.some((question) => question.multiple) ? ', several separated by commas where a question takes several' : ''}${questions.some((question) => question.custom) ? ', or write your own words where a question allows them (quotes optional)' : ''}. \`${COMMANDS.dismiss}\` declines all ${questions.length} questions.`
  ]
}

/**
 * The comment of question `index` of a waiting call (FrogBot's GitHub questions): its header and
 * text, its options as a numbered list with their descriptions beside them, and how to answer:
 * for one question `/answer 2`, `/answer 1, 3` where it takes several, `/answer "your own words"`
 * where it allows them, `/dismiss`; for several questions, each comment says which of how many it
 * is, and the last one how to answer them all in one comment. Everything of the model's is
 * escaped (see `escapeText`). It may be longer than a comment holds: see `commentParts`.
 */
export function questionComment(questions: ChannelQuestion[], index: number): string {
  const question = questions[index]
  const options = question.options.map((option, at) => `${at + 1}. ${label(option.label)}${option.description ? ` — ${label(option.description)}` : ''}`)
  const note = question.multiple ? ['_Choose any._', ''] : []
  const last = index === questions.length - 1
  const howTo = questions.length === 1 ? [oneQuestionHowTo(question)] : last ? severalQuestionsHowTo(questions) : [`_Answer all ${questions.length} questions in one \`${COMMANDS.answer}\` comment; question ${questions.length} says how._`]
  return [...head(questions, index), '', ...note, ...options, '', ...howTo].join('\n')
}

/**
 * What question `index`'s comment becomes once its call ended: its header and text, then its
 * answer (✅, a typed answer repeated up to 2,000 characters) and "Answered by @login", or
 * "Dismissed by @login" (with the reason), expired, cancelled; its options and instructions gone.
 */
export function settledComment({ questions, index, settlement, nameOf }: { questions: ChannelQuestion[]; index: number; settlement: Settlement; nameOf: NameOf }): string {
  const { output, errorText } = settledAnswer(settlement)
  const answer = output?.answers[index]
  const answered = answer ? [`✅ ${label(answerText({ ...answer, ...(answer.custom ? { custom: clip(answer.custom) } : {}) }))}`] : []
  const outcome = settledLine({ outcome: settlement.outcome, who: nameOf(settlement.by), reason: settlement.reason && clip(settlement.reason), errorText }, label)
  return [...head(questions, index), '', ...answered, outcome].join('\n')
}
