/**
 * The JSON object `text` holds (a verified webhook body, a form field of one), or why it holds
 * none: `not JSON`, or `not a JSON object` (an array, a string, a number, `null`), to be said as
 * `the body is …`.
 */
export function jsonObject(text: string): Record<string, unknown> | 'not JSON' | 'not a JSON object' {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 'not JSON'
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : 'not a JSON object'
}
