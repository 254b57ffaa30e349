import { z } from 'zod'

/** Longest allowed `questions[].header`, in characters (seed: "Question and answer shape"). */
export const QUESTION_HEADER_MAX = 30

/**
 * Formats a Zod issue path the way FrogBot's messages quote it: `questions[1].options[0].label`
 * (the path of `400 invalid-output` messages).
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out === '' ? String(key) : `.${String(key)}`
  }
  return out
}

/** Quotes a user- or model-supplied string for a message (JSON quoting, so embedded quotes stay readable). */
export function quote(value: string): string {
  return JSON.stringify(value)
}

/**
 * The question tool's input schema; `strict` refuses an unknown key at every level (Zod's
 * `strict()`), else unknown keys are dropped, as a model's extra keys are.
 */
function questionInputSchema(strict: boolean) {
  const closed = <T extends z.ZodObject>(schema: T): T => (strict ? (schema.strict() as unknown as T) : schema)
  const QuestionOption = closed(
    z.object({
      label: z
        .string()
        .min(1, { error: (iss) => `${formatPath(iss.path ?? [])}: option labels must not be empty` })
        .describe(
          'Text of the choice, shown on its button and returned verbatim in the answer. Short, non-empty, unique within this question.'
        ),
      description: z
        .string()
        .optional()
        .describe('Optional one-line explanation of what choosing this option means or what happens next.')
    })
  ).describe('One choice the user can select.')

  const Question = closed(
    z.object({
      header: z
        .string()
        .min(1, { error: (iss) => `${formatPath(iss.path ?? [])}: headers must not be empty` })
        .max(QUESTION_HEADER_MAX, {
          error: (iss) =>
            `${formatPath(iss.path ?? [])}: ${quote(String(iss.input))} is ${String(iss.input).length} characters; ` +
            `headers must be at most ${QUESTION_HEADER_MAX} characters`
        })
        .describe(
          `Very short label for the question (1 to ${QUESTION_HEADER_MAX} characters), such as "Color" or "Deploy target". ` +
            'Unique within this call; the answer for this question carries the same header.'
        ),
      question: z
        .string()
        .min(1, { error: (iss) => `${formatPath(iss.path ?? [])}: the question text must not be empty` })
        .describe('The full question, written for the user, with any context they need to choose.'),
      options: z
        .array(QuestionOption)
        .min(1, { error: (iss) => `${formatPath(iss.path ?? [])}: offer at least one option` })
        .describe('The choices to offer, at least one. Make them materially different from each other.'),
      multiple: z
        .boolean()
        .default(false)
        .describe('Allow the user to select more than one option. Default false: select at most one.'),
      custom: z
        .boolean()
        .default(true)
        .describe('Allow the user to type their own answer instead of, or besides, the options. Default true.')
    })
  ).describe('One question for the user.')

  return closed(
    z.object({
      questions: z
        .array(Question)
        .min(1, { error: (iss) => `${formatPath(iss.path ?? [])}: ask at least one question` })
        .describe('The questions to ask, at least one. They are shown together and answered in this order.')
    })
  )
    .superRefine((value, ctx) => {
      // Empty headers and labels already have their own issue; do not report them again as duplicates.
      const headers = new Set<string>()
      value.questions.forEach((q, i) => {
        if (!headers.has(q.header)) headers.add(q.header)
        else if (q.header !== '') {
          ctx.addIssue({
            code: 'custom',
            path: ['questions', i, 'header'],
            message:
              `questions[${i}].header: ${quote(q.header)} is used twice; headers must be unique within a call`
          })
        }
        const labels = new Set<string>()
        q.options.forEach((option, j) => {
          if (!labels.has(option.label)) labels.add(option.label)
          else if (option.label !== '') {
            ctx.addIssue({
              code: 'custom',
              path: ['questions', i, 'options', j, 'label'],
              message:
                `questions[${i}].options[${j}].label: ${quote(option.label)} is offered twice in ${quote(q.header)}; ` +
                'option labels must be unique within a question'
            })
          }
        })
      })
    })
    .describe('One or more multiple-choice questions to ask the user in a single call.')
}

/**
 * Zod schema of the `question` tool's input: what the model sends (source: seed, "Question and answer shape").
 *
 * Shape: `{ questions: { header, question, options: { label, description? }[], multiple?, custom? }[] }`.
 * - `questions`: at least one.
 * - `header`: 1 to 30 characters, unique within the call.
 * - `question`: non-empty.
 * - `options`: at least one; each `label` non-empty and unique within its question.
 * - `multiple`: default `false`. `custom`: default `true` (parsing fills both in).
 *
 * Errors: each broken rule is its own Zod issue whose `path` points at the offending element and whose
 * message starts with that path, e.g. `questions[1].header: "Color" is used twice; headers must be unique
 * within a call`. Refinements are not part of `z.toJSONSchema(QuestionInput)`; the field limits are.
 */
export const QuestionInput = questionInputSchema(false)

/**
 * {@link QuestionInput} refusing an unknown key at every level (`questions[0].colour: Unrecognized
 * key`), for doors a person or a program calls with a question (MCP's `ask_human`), where an
 * unknown key is a mistake to name, not a model's extra to drop. Same rules and output otherwise.
 */
export const StrictQuestionInput: typeof QuestionInput = questionInputSchema(true)

/** Parsed `question` tool input, with `multiple` and `custom` filled in. See {@link QuestionInput}. */
export type QuestionInput = z.output<typeof QuestionInput>

/**
 * Zod schema of the `question` tool's answer (source: seed, "Question and answer shape").
 *
 * Shape: `{ answers: { header: string; selected: string[]; custom?: string }[] }`, one entry per question
 * in the same order. `selected` holds option labels exactly as offered; `custom` is the user's typed answer.
 * Unknown fields are refused, not dropped. This schema checks the shape only; the rules that compare an answer with its questions are
 * `checkQuestionAnswer` (question-answer-rules.ts), which the tool's `client.validate` runs.
 */
export const QuestionOutput = z
  .strictObject({
    answers: z
      .array(
        z
          .strictObject({
            header: z.string().describe('The header of the question this answers.'),
            selected: z.array(z.string()).describe('Labels of the selected options, exactly as offered.'),
            custom: z.string().optional().describe("The user's typed answer, if any.")
          })
          .describe('The answer to one question.')
      )
      .describe('One answer per question, in the order the questions were asked.')
  })
  .describe("The user's answers.")

/** Parsed `question` tool answer. See {@link QuestionOutput}. */
export type QuestionOutput = z.output<typeof QuestionOutput>
