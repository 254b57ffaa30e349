/**
 * `@frogbotai/protocol` (also `frogbot/protocol`): the wire schemas and types of FrogBot's HTTP API
 * and of the `question` tool, declared once with Zod and shared by the server, the OpenAPI document
 * and chat UIs. Browser-safe: nothing here imports a Node.js module or server code.
 */
export * from './error-codes.ts'
export * from './error-body.ts'
export * from './tool-errors.ts'
export * from './channels.ts'
export * from './pending-call.ts'
export * from './inbox.ts'
export * from './escalation-text.ts'
export * from './call-facts-text.ts'
export * from './settlement.ts'
export * from './chat.ts'
export * from './call-drafts.ts'
export * from './turn-results.ts'
export * from './requests.ts'
export * from './text-rules.ts'
export * from './text-length.ts'
export * from './answer-text.ts'
export * from './manifest.ts'
export type * from './ui-message.ts'
export { formatPath, QUESTION_HEADER_MAX, QuestionInput, QuestionOutput, StrictQuestionInput } from './question-schemas.ts'
export { checkQuestionAnswer, labelsAsOffered, withoutBlankCustom } from './question-answer-rules.ts'
