/**
 * The text of a thrown value for a log line or a refusal: an `Error`'s `message`, anything else
 * converted with `String()` (a thrown string is its own text). Never throws.
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
