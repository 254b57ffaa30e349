import { BLANK_RULE, isBlankText, isInvisibleCharacter, QUESTION_HEADER_MAX } from '@frogbotai/protocol'
import type { QuestionInput } from '@frogbotai/protocol'
import { FrogbotError } from '../../errors/frogbot-error.ts'

/**
 * The rule a header over {@link QUESTION_HEADER_MAX} (30) UTF-16 code units breaks, as a length in
 * characters is counted (docs/project/guarantees.md, Limits; an emoji counts 2): `"…" is 32
 * characters (UTF-16 code units: an emoji counts 2); headers must be at most 30 characters`.
 */
export function headerLengthRule(header: string): string {
  const counted = `${JSON.stringify(header)} is ${header.length} characters`
  const units = '(UTF-16 code units: an emoji counts 2)'
  return `${counted} ${units}; headers must be at most ${QUESTION_HEADER_MAX} characters`
}

/**
 * `text` as a person reads it, to compare two headers or labels: without the invisible characters
 * (`isInvisibleCharacter`: zero-width, bidi control, other default-ignorable, U+2800 or control ones),
 * its white space one space between words (`"Col\u200bor "` reads `"Color"`; `"Dark blue"` is not
 * `"Darkblue"`). Combining marks are kept: `"Cafe\u0301"` is not `"Cafe"`.
 */
function readAs(text: string): string {
  const shown = (char: string) => (!isInvisibleCharacter(char) ? char : char.trim() === '' ? ' ' : '')
  const kept = Array.from(text, shown)
  return kept.join('').split(' ').filter(Boolean).join(' ')
}

/**
 * The first of `texts` that reads the same ({@link readAs}) as an earlier one though it is not
 * equal to it (equal ones are the schema's to refuse): its index and the earlier one's, or `null`.
 */
function lookalike(texts: string[]): { at: number; earlier: number } | null {
  const seen = new Map<string, number>()
  for (const [at, text] of texts.entries()) {
    const earlier = seen.get(readAs(text))
    if (earlier !== undefined && texts[earlier] !== text) return { at, earlier }
    if (earlier === undefined) seen.set(readAs(text), at)
  }
  return null
}

/**
 * Refuses the questions of an `ask_human` call (docs/protocols/mcp.md) that a person could not
 * read, with `FrogbotError('bad-request')` naming the field below `field` (the MCP door answers it
 * as a tool error, and nothing is asked or stored):
 * - a header, question or option label that is blank (`isBlankText`: only white space, zero-width,
 *   bidi control, other default-ignorable or control characters; `BLANK_RULE`):
 *   `arguments.questions.0.header: must not be empty or blank`;
 * - a header over {@link QUESTION_HEADER_MAX} (30) UTF-16 code units, which the schema's check, in
 *   code points, lets through ({@link headerLengthRule}): `arguments.questions.0.header: "…" is 32
 *   characters (UTF-16 code units: an emoji counts 2); headers must be at most 30 characters`;
 * - two headers of the call, or two option labels of a question, that a person reads the same
 *   ({@link readAs}: they differ only by invisible characters or white space), which the schema,
 *   comparing them exactly, lets through: `arguments.questions.1.header: "Col\u200bor" reads the
 *   same as questions.0.header "Color" (invisible characters aside); headers must be unique within a call`.
 * The question tool's own schema is unchanged: a model's call is checked by it alone.
 */
export function refuseUnreadableQuestions(input: QuestionInput, field: string): void {
  const refuse = (path: (string | number)[], rule: string) => {
    throw new FrogbotError('bad-request', `${[field, 'questions', ...path].join('.')}: ${rule}`)
  }
  input.questions.forEach((question, index) => {
    if (isBlankText(question.header)) refuse([index, 'header'], BLANK_RULE)
    const { header } = question
    if (header.length > QUESTION_HEADER_MAX) refuse([index, 'header'], headerLengthRule(header))
    if (isBlankText(question.question)) refuse([index, 'question'], BLANK_RULE)
    question.options.forEach((option, at) => {
      if (isBlankText(option.label)) refuse([index, 'options', at, 'label'], BLANK_RULE)
    })
  })
  // Compared as read (`readAs`), after the blank checks: every text here shows something.
  const refuseLookalike = (texts: string[], path: (number | string)[], name: string, unique: string) => {
    const found = lookalike(texts)
    if (!found) return
    const earlier = ['questions', ...path, found.earlier, name].join('.')
    const [text, earlierText] = [JSON.stringify(texts[found.at]), JSON.stringify(texts[found.earlier])]
    const rule = `${text} reads the same as ${earlier} ${earlierText} (invisible characters aside)`
    refuse([...path, found.at, name], `${rule}; ${unique}`)
  }
  const headers = input.questions.map((question) => question.header)
  refuseLookalike(headers, [], 'header', 'headers must be unique within a call')
  input.questions.forEach((question, index) => {
    const labels = question.options.map((option) => option.label)
    refuseLookalike(labels, [index, 'options'], 'label', 'option labels must be unique within a question')
  })
}
