import type { ClientTool } from './tool.ts'
import { checkQuestionAnswer, formatPath, QuestionInput, QuestionOutput } from '@frogbotai/protocol'

const description = [
  'Ask the user one or more multiple-choice questions and wait for their answer before continuing.',
  'Use it when you need a decision only the user can make and the choice materially changes what you do next:',
  'choosing between different plans, approaches, targets or trade-offs, or filling in a preference you cannot infer.',
  'Do not use it for things you can decide or look up yourself, to ask for confirmation of an obvious next step,',
  'or for open-ended questions better asked in plain text.',
  'Offer a few options that are materially different from each other, each with a short label and, when useful,',
  'a description of what choosing it means. Put your recommended option first.',
  'Give each question a short header (at most 30 characters, unique within the call). Ask related questions in',
  'one call rather than several calls. Set multiple to true only when several options can sensibly be combined.',
  'Unless custom is false, the user may also type their own answer instead of choosing an option.',
  'The result has one answer per question, in order: the selected option labels and any custom text.'
].join(' ')

/**
 * The built-in `question` client tool (import from `frogbot/tools`): the model asks the user one or more
 * multiple-choice questions, the turn pauses in `awaiting-input`, and the answer becomes the tool result
 * (source: seed, "Question and answer shape" and "Build a client tool").
 *
 * - `slug`: `'question'`; `client.kind`: `'question'`; no `component` (chat UIs register a renderer
 *   for kind `'question'`).
 * - `inputSchema`: {@link QuestionInput} (`multiple` defaults to `false`, `custom` to `true`).
 * - `outputSchema`: {@link QuestionOutput}.
 * - `client.validate`: parses the stored call input with `QuestionInput` (so the defaults apply) and the
 *   output with `QuestionOutput`, then runs {@link checkQuestionAnswer}. Returns `true` or the first
 *   broken rule's message, which FrogBot returns as `400 invalid-output`; it never throws.
 */
export const question: ClientTool<typeof QuestionInput, typeof QuestionOutput> = {
  slug: 'question',
  description,
  inputSchema: QuestionInput,
  outputSchema: QuestionOutput,
  client: {
    kind: 'question',
    validate: ({ input, output }) => {
      const parsedInput = QuestionInput.safeParse(input)
      if (!parsedInput.success) {
        return `the stored question input is invalid: ${parsedInput.error.issues[0]?.message ?? 'unknown error'}`
      }
      const parsedOutput = QuestionOutput.safeParse(output)
      if (!parsedOutput.success) {
        const issue = parsedOutput.error.issues[0]
        return `${formatPath(issue?.path ?? []) || 'output'}: ${issue?.message ?? 'does not match the answer shape'}`
      }
      return checkQuestionAnswer(parsedInput.data, parsedOutput.data)
    }
  }
}
