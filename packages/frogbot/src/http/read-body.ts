import type { z } from 'zod'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { issueRule } from '../errors/schema-refusal.ts'
import { clipText } from '../text/clip-text.ts'
import { ClientGoneError, isClientGone } from './client-gone.ts'

/**
 * How deep a request body's JSON may nest (objects and arrays). The deepest body FrogBot reads, a
 * `useChat` message with a tool part's input, stays far below; deeper values would only overflow
 * the stack of whatever walks them later (storage, the model SDK).
 */
export const MAX_JSON_DEPTH = 64

/**
 * Reads a JSON request body of at most `maxBytes` and parses it with `schema`. The body is read
 * as JSON whatever its `Content-Type` (`curl -d` sends JSON as a form). An empty body (or only
 * whitespace) reads as `{}` where the schema takes that (stop, branch), else is refused as empty.
 * The body is counted while it streams in, so a chunked body without `Content-Length` is refused
 * as soon as it passes the limit and never held whole.
 * Throws `FrogbotError`: `payload-too-large` (413) past the limit; `bad-request` (400, no code)
 * for a body with a `Content-Encoding` (but `identity`), a body that is not UTF-8 (JSON's
 * encoding, RFC 8259 §8.1: refused, never patched with U+FFFD), is empty where fields are
 * required, is not JSON, nests deeper than {@link MAX_JSON_DEPTH} or breaks the schema, naming
 * the first field and rule.
 */
export async function readBody<S extends z.ZodType>(request: Request, schema: S, maxBytes: number): Promise<z.output<S>> {
  const text = utf8(await readBoundedBytes(request, maxBytes))
  if (text.trim() === '') {
    const empty = schema.safeParse({})
    if (empty.success) return empty.data
    throw new FrogbotError('bad-request', 'body: is empty; send a JSON object')
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new FrogbotError('bad-request', 'body: not valid JSON')
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new FrogbotError('bad-request', 'body: must be a JSON object')
  const tooDeep = pathPastDepth(json, MAX_JSON_DEPTH)
  if (tooDeep) throw new FrogbotError('bad-request', `${tooDeep}: nested more than ${MAX_JSON_DEPTH} levels deep`)
  readJson.set(request, json as Record<string, unknown>)
  return parsedOrRefused(schema, json)
}

/**
 * The JSON object each request's body read as, before its schema: the field naming its chat, for
 * a refusal of the rest.
 */
const readJson = new WeakMap<Request, Record<string, unknown>>()

/**
 * The string value of field `name` of the JSON object `request`'s body read as (`readBody`), even
 * when the schema then refused the body; `undefined` when the body was not read, was no JSON
 * object, or the field is not a string.
 */
export function bodyText(request: Request, name: string): string | undefined {
  const value = readJson.get(request)?.[name]
  return typeof value === 'string' ? value : undefined
}

/**
 * `value` parsed with `schema`, or `bad-request` naming the first field that breaks it and the
 * rule (see `issueRule`); `at` is the path of `value` in the body (`messages.1.parts.2.approval`),
 * or nothing for the body itself.
 */
export function parsedOrRefused<S extends z.ZodType>(schema: S, value: unknown, at: readonly (string | number)[] = []): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const path = [...at, ...issue.path].map(String)
  throw new FrogbotError('bad-request', `${path.length > 0 ? path.join('.') : 'body'}: ${issueRule(issue, value)}`)
}

/** `bytes` as UTF-8 text; `bad-request` naming the body when they are not UTF-8. */
function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new FrogbotError('bad-request', 'body: not valid UTF-8')
  }
}

/**
 * The body as UTF-8 text (bytes that are not UTF-8 read as U+FFFD, so that a platform's signature
 * check refuses them), refused with `payload-too-large` once it passes `maxBytes`, declared or streamed.
 */
export async function readBoundedText(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBoundedBytes(request, maxBytes))
}

/**
 * The body as UTF-8 text, refused as `readBody` refuses it: `payload-too-large` past `maxBytes`,
 * `bad-request` (`body: not valid UTF-8`) for bytes that are not UTF-8 (never patched with
 * U+FFFD). For a door whose library parses the body itself (MCP).
 */
export async function readUtf8Text(request: Request, maxBytes: number): Promise<string> {
  return utf8(await readBoundedBytes(request, maxBytes))
}

/**
 * An `application/x-www-form-urlencoded` body (an HTML form's post), parsed as the URL Standard
 * parses it (`&`-separated `name=value`, `+` a space, `%XX` a byte) but strictly: a name or value
 * whose bytes, raw or percent-encoded, are not UTF-8 is refused (`bad-request`, naming the field:
 * `q0-custom: not valid UTF-8`), never patched with U+FFFD as `URLSearchParams` patches it
 * (docs/http/errors.md). `payload-too-large` past `maxBytes`, declared or streamed.
 */
export async function readStrictForm(request: Request, maxBytes: number): Promise<URLSearchParams> {
  return strictForm(await readBoundedBytes(request, maxBytes))
}

/**
 * `bytes` as form fields (see `readStrictForm`); `bad-request` naming the first field that is not
 * UTF-8 (`nameless` says what a name that is not is: `a field name`, or for a query `a parameter's name`).
 */
export function strictForm(bytes: Uint8Array, nameless = 'a field name'): URLSearchParams {
  const form = new URLSearchParams()
  let start = 0
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x26, start) // '&'
    if (end === -1) end = bytes.length
    const pair = bytes.subarray(start, end)
    start = end + 1
    if (pair.length === 0) continue
    const equals = pair.indexOf(0x3d) // '='
    const name = formText(equals === -1 ? pair : pair.subarray(0, equals))
    if (name === null) throw new FrogbotError('bad-request', `${nameless}: not valid UTF-8`)
    const value = equals === -1 ? '' : formText(pair.subarray(equals + 1))
    if (value === null) throw new FrogbotError('bad-request', `${clipText(name, 41)}: not valid UTF-8`)
    form.append(name, value)
  }
  return form
}

/** One form-encoded name or value as text (`+` a space, `%XX` a byte, a `%` without two hex digits kept), or `null` when its bytes are not UTF-8. */
function formText(encoded: Uint8Array): string | null {
  const bytes = new Uint8Array(encoded.length)
  let size = 0
  for (let i = 0; i < encoded.length; i++) {
    const byte = encoded[i]
    if (byte === 0x2b) bytes[size++] = 0x20
    else if (byte === 0x25 && i + 2 < encoded.length && isHex(encoded[i + 1]) && isHex(encoded[i + 2])) {
      bytes[size++] = parseInt(String.fromCharCode(encoded[i + 1], encoded[i + 2]), 16)
      i += 2
    } else bytes[size++] = byte
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, size))
  } catch {
    return null
  }
}

function isHex(byte: number): boolean {
  return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
}

/**
 * The body's bytes, refused with `payload-too-large` once it passes `maxBytes`, declared or
 * streamed, and with `bad-request` naming `Content-Encoding` for an encoded body (see {@link refuseEncoded}).
 */
async function readBoundedBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  refuseEncoded(request)
  const tooLarge = () => new FrogbotError('payload-too-large', `The request body is over ${maxBytes} bytes.`)
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes) throw tooLarge()
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>
    try {
      read = await reader.read()
    } catch (error) {
      // The client closed the connection mid-body: its doing, not the server's (no 500, no stack in the log).
      if (request.signal.aborted || isClientGone(error)) throw new ClientGoneError(error)
      throw error
    }
    const { done, value } = read
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      // Stop the upload: the rest is never read into memory.
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size)
}

/**
 * The dotted path of the first value nested deeper than `limit` levels in `value`, or `null`.
 * Walks with its own stack, so a deep value cannot overflow the call stack here.
 */
export function pathPastDepth(value: unknown, limit: number): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }]
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    if (path.length >= limit) return shortPath(path)
    for (const [key, child] of Object.entries(current)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, path: [...path, key] })
    }
  }
  return null
}

/** A dotted path short enough for an error message: its first segments, each cut to 40 characters. */
function shortPath(path: string[]): string {
  const shown = path.slice(0, 6).map((segment) => clipText(segment, 41))
  return path.length > shown.length ? `${shown.join('.')}.…` : shown.join('.')
}

/**
 * Refuses a request whose `Content-Encoding` is anything but `identity` (gzip, br, a list): FrogBot
 * reads bodies as sent, so an encoded one would read as bytes that are not the JSON, or a plain one
 * under a false header would be taken against what it says. `bad-request` (400, there is no
 * unsupported-media-type code) naming the header and its value.
 */
function refuseEncoded(request: Request): void {
  const encoding = request.headers.get('content-encoding')
  if (encoding === null || /^\s*(identity\s*)?$/i.test(encoding)) return
  const named = JSON.stringify(clipText(encoding, 41))
  const rule = 'send the body unencoded, without Content-Encoding'
  throw new FrogbotError('bad-request', `Content-Encoding: ${named} is not read; ${rule}`)
}
