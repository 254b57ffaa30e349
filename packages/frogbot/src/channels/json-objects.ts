/** A JSON object as parsed, its fields not checked yet (FrogBot's piece kit: a webhook body, a field). */
export type JsonObject = Record<string, unknown>

/**
 * Whether `value` is a JSON object: an object, not an array and not `null` (FrogBot's piece kit,
 * for a piece that checks a payload's fields by hand before anything reads them).
 */
export const isJsonObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
