import type { z } from 'zod'
import { clipText } from '../text/clip-text.ts'

/** How many unknown keys a refusal names, and how many characters of each, at most. */
const NAMED_KEYS_MAX = 5
const KEY_NAME_MAX = 60

/** Unknown keys as a refusal names them: quoted, the first {@link NAMED_KEYS_MAX}, each clipped, then how many more. */
function namedKeys(keys: string[]): string {
  const named = keys.slice(0, NAMED_KEYS_MAX).map((key) => `"${clipText(key, KEY_NAME_MAX)}"`)
  return `${named.join(', ')}${keys.length > NAMED_KEYS_MAX ? ` and ${keys.length - NAMED_KEYS_MAX} more` : ''}`
}

/**
 * The rule of unknown keys or fields `keys` in FrogBot's words: `unknown field "x"`, or `unknown
 * fields "x", "y"` (at most five named, each clipped); refused, never dropped (docs/http/errors.md).
 */
export function unknownFieldsRule(keys: string[]): string {
  return `unknown field${keys.length > 1 ? 's' : ''} ${namedKeys(keys)}`
}

/** The value at `path` in `json`, or `undefined` where the path leaves it. */
function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let value = json
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined
  return value
}

/**
 * The rule a schema's `issue` of `value` broke, in FrogBot's words (docs/http/errors.md): unknown
 * keys are `unknown field "x"` (refused, never dropped; at most five named, each clipped), a
 * missing field `is required (string)`, anything else the schema's own message. Without the
 * field's path: the caller puts it in front.
 */
export function issueRule(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code === 'unrecognized_keys') return unknownFieldsRule(issue.keys)
  if (issue.code === 'invalid_type' && valueAt(value, issue.path) === undefined) return `is required (${issue.expected})`
  return issue.message
}
