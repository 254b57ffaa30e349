import { BLANK_RULE, isBlankText, QUESTION_HEADER_MAX, type QuestionInput } from '@frogbotai/protocol'
import { FrogbotError } from '../../errors/frogbot-error.ts'

/**
 * Refuses the questions of an `ask_human` call (docs/protocols/mcp.md) that a person could not
 * read, with `FrogbotError('bad-request')` naming the field below `field` (the MCP door answers it
 * as a tool error, and nothing is asked or stored):
 * - a header, question or option label that is blank (`isBlankText`: only white space, zero-width,
 *   bidi control, other default-ignorable or control characters; `BLANK_RULE`):
 *   `arguments.questions.0.header: must not be empty or blank`;
 * - a header over {@link QUESTION_HEADER_MAX} (30) UTF-16 code units, as a length in characters is
 *   counted (docs/project/guarantees.md, Limits; an emoji counts 2), which the schema's check, in
 *   code points, lets through: `arguments.questions.0.header: "…" is 32 characters (UTF-16 code
 *   units: an emoji counts 2); headers must be at most 30 characters`.
 * The question tool's own schema is unchanged: a model's call is checked by it alone.
 */
export function refuseUnreadableQuestions(input: QuestionInput, field: string): void {
  const refuse = (path: (string | number)[], rule: string) => {
    throw new FrogbotError('bad-request', `${[field, 'questions', ...path].join('.')}: ${rule}`)
  }
  input.questions.forEach((question, index) => {
    if (isBlankText(question.header)) refuse([index, 'header'], BLANK_RULE)
    if (question.header.length > QUESTION_HEADER_MAX) {
      const counted = `${JSON.stringify(question.header)} is ${question.header.length} characters`
      const rule = `headers must be at most ${QUESTION_HEADER_MAX} characters`
      refuse([index, 'header'], `${counted} (UTF-16 code units: an emoji counts 2); ${rule}`)
    }
    if (isBlankText(question.question)) refuse([index, 'question'], BLANK_RULE)
    question.options.forEach((option, at) => {
      if (isBlankText(option.label)) refuse([index, 'options', at, 'label'], BLANK_RULE)
    })
  })
}
