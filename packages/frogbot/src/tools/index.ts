/**
 * `frogbot/tools`: built-in tools and their schemas.
 *
 * - {@link question}: the `question` client tool (source: seed, "Question and answer shape").
 * - {@link QuestionInput} / {@link QuestionOutput}: Zod schemas and same-named TypeScript types of its
 *   input and answer.
 * - {@link checkQuestionAnswer}: the answer rules its `client.validate` runs.
 */
export { question } from './question.ts'
export { checkQuestionAnswer, QuestionInput, QuestionOutput } from '@frogbotai/protocol'
