import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server'
import { BLANK_RULE, formatPath, StrictQuestionInput, type QuestionInput } from '@frogbotai/protocol'
import type { z } from 'zod'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { headerLengthRule } from './ask-human-text.ts'

/**
 * `ask_human`'s input schema as the MCP SDK sees it: it lists {@link StrictQuestionInput}'s JSON
 * Schema (`additionalProperties: false`, the field limits) and lets every value through to the
 * tool, which parses it with {@link parseAskHumanInput}. The SDK's own refusal would name each
 * field twice (`questions.0.header: questions[0].header: …`) and without `arguments.`.
 */
export const AskHumanInput: StandardSchemaWithJSON<unknown, unknown> = {
  '~standard': {
    version: 1,
    vendor: 'frogbot',
    jsonSchema: StrictQuestionInput['~standard'].jsonSchema,
    validate: (value: unknown) => ({ value })
  }
}

/**
 * The rule a {@link StrictQuestionInput} `issue` broke, without the path the schema's message
 * starts with: an empty header, question or label is `BLANK_RULE`, as a blank one is; a header
 * over 30 characters the rule `refuseUnreadableQuestions` words (`headerLengthRule`); anything
 * else the schema's own message (`"Color" is used twice; …`, `Unrecognized key: "colour"`).
 */
function ruleOf(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'too_small' && issue.origin === 'string') return BLANK_RULE
  if (issue.code === 'too_big' && issue.origin === 'string' && issue.path.at(-1) === 'header') {
    return headerLengthRule(String(valueAt(input, issue.path)))
  }
  const own = `${formatPath(issue.path)}: `
  return issue.message.startsWith(own) ? issue.message.slice(own.length) : issue.message
}

/** The value at `path` in `json`, or `undefined` where the path leaves it. */
function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let value = json
  for (const key of path) {
    const inside = value !== null && typeof value === 'object'
    value = inside ? (value as Record<PropertyKey, unknown>)[key] : undefined
  }
  return value
}

/**
 * The arguments of an `ask_human` call parsed by {@link StrictQuestionInput}, or
 * `FrogbotError('bad-request')` naming the first broken rule's field once below `field`, in the
 * form of the tool's other refusals (docs/protocols/mcp.md): `arguments.questions.0.header: must
 * not be empty or blank`, `arguments.questions.1.header: "Color" is used twice; headers must be
 * unique within a call`, `arguments.questions.0: Unrecognized key: "colour"`.
 */
export function parseAskHumanInput(args: unknown, field: string): QuestionInput {
  const parsed = StrictQuestionInput.safeParse(args)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const named = [field, ...issue.path.map(String)].join('.')
  throw new FrogbotError('bad-request', `${named}: ${ruleOf(issue, args)}`)
}
