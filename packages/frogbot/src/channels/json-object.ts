/** A JSON object as parsed, its fields not checked yet (FrogBot's piece kit: a webhook body, a field). */
export type JsonObject = Record<string, unknown>

/**
 * Whether `value` is a JSON object: an object, not an array and not `null` (FrogBot's piece kit,
 * for a piece that checks a payload's fields by hand before anything reads them).
 */
export const isJsonObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/**
 * The JSON object `text` holds (a verified webhook body, a form field of one), or why it holds
 * none: `not JSON`, or `not a JSON object` (an array, a string, a number, `null`), to be said as
 * `the body is …`.
 */
export function jsonObject(text: string): JsonObject | 'not JSON' | 'not a JSON object' {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'not JSON'
  }
  return isJsonObject(value) ? value : 'not a JSON object'
}
