/**
 * The message and code of a JSON error body, whichever of its two shapes it has:
 * `{ error: { message, code? } }` or `{ error: "<message>", code? }`.
 */
export function errorOf(json: any): { message: string; code?: string } {
  const error = json?.error
  if (typeof error === 'string') return { message: error, code: json.code }
  return { message: error?.message, code: error?.code }
}
