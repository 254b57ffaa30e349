import type { z } from 'zod'
import { FrogbotError } from '../errors/frogbot-error.ts'

/**
 * Reads a JSON request body of at most `maxBytes` (an empty body reads as `{}`) and parses it with `schema`.
 * Throws `FrogbotError`: `payload-too-large` (413) past the limit; `bad-request` (400, no code)
 * for a body that is not JSON or breaks the schema, naming the first field and rule.
 */
export async function readBody<S extends z.ZodType>(request: Request, schema: S, maxBytes: number): Promise<z.output<S>> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes) throw new FrogbotError('payload-too-large', `The request body is over ${maxBytes} bytes.`)
  const bytes = new Uint8Array(await request.arrayBuffer())
  if (bytes.byteLength > maxBytes) throw new FrogbotError('payload-too-large', `The request body is over ${maxBytes} bytes.`)
  let json: unknown
  try {
    const text = new TextDecoder().decode(bytes)
    json = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw new FrogbotError('bad-request', 'body: not valid JSON')
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new FrogbotError('bad-request', 'body: must be a JSON object')
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body'
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`
        : issue.code === 'invalid_type' && /received undefined/.test(issue.message)
          ? `is required (${issue.expected})`
          : issue.message
    throw new FrogbotError('bad-request', `${path}: ${message}`)
  }
  return parsed.data
}
