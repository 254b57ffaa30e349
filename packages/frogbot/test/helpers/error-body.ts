/** The message and code of a JSON error body (FrogBot's flat shape `{ error: "<message>", code? }`). */
export function errorOf(json: any): { message: string; code?: string } {
  return { message: json?.error, code: json?.code }
}
