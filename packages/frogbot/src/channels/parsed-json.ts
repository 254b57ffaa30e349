/** `text` parsed as JSON, or `undefined` when it is not JSON (a body or an error answer a piece reads). */
export function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
