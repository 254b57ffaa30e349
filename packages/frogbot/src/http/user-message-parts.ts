import type { FileUIPart, LanguageModel, TextUIPart } from 'ai'
import { typedTextProblem } from '@frogbotai/protocol'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { downloadRefusal, type FileDownloadOptions } from '../models/file-downloads.ts'
import { clipText } from '../text/clip-text.ts'
import { isBlank } from '../turns/rules/blank-message.ts'

/** Most parts one user message may hold. */
export const MAX_USER_PARTS = 100

/** What a user message may hold: text, and files inline (`data:`) or by a URL the rules allow. */
export type UserPart = TextUIPart | FileUIPart

const FIELDS = {
  text: new Set(['type', 'text', 'state']),
  file: new Set(['type', 'mediaType', 'url', 'filename'])
}
const MEDIA_TYPE = /^[a-z0-9][\w.+-]{0,126}\/[\w.+-]{1,127}$/i
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

type Rules = { model: Exclude<LanguageModel, string>; files?: FileDownloadOptions }

/**
 * Checks the parts of a user message sent over HTTP and returns them with only their known
 * fields, so nothing the model SDK would choke on is stored:
 * - at most {@link MAX_USER_PARTS} parts, with some text or a file (blank text is not enough:
 *   only white space, zero-width or other default-ignorable characters, see `isBlank`);
 * - `{ type: 'text', text }` (`state` is accepted and dropped);
 * - `{ type: 'file', mediaType, url, filename? }`, where `mediaType` is `type/subtype` and `url` is
 *   a base64 `data:` URL, or an `http:`/`https:` URL that the agent's model fetches itself or that
 *   `files.download` lets the server download (docs/http/overview.md), checked against `agent`;
 *   `filename` and `url` hold no NUL and no lone surrogate, as text a person types (`typedTextProblem`).
 * Throws `FrogbotError('bad-request')` naming the field (`<path>.<index>.<field>`) and the rule.
 */
export async function userParts(
  parts: { type: string; [key: string]: unknown }[],
  path: string,
  agent: Pick<ResolvedAgent, 'model' | 'files'>
): Promise<UserPart[]> {
  const rules: Rules = { model: agent.model.model, files: agent.files }
  const refuse = (where: string, rule: string) => new FrogbotError('bad-request', `${where}: ${rule}`)
  if (parts.length > MAX_USER_PARTS) throw refuse(path, `a user message holds at most ${MAX_USER_PARTS} parts`)
  const checked: UserPart[] = []
  for (const [index, part] of parts.entries()) {
    const at = `${path}.${index}`
    if (part.type !== 'text' && part.type !== 'file') {
      throw refuse(`${at}.type`, `a user message holds only "text" parts ({ type, text }) and "file" parts ({ type, mediaType, url })`)
    }
    const unknown = Object.keys(part).filter((key) => !FIELDS[part.type as 'text' | 'file'].has(key))
    if (unknown.length > 0) throw refuse(at, `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `"${clipText(key, 40, '')}"`).join(', ')}`)
    if (part.type === 'text') {
      if (typeof part.text !== 'string') throw refuse(`${at}.text`, 'must be a string')
      checked.push({ type: 'text', text: part.text })
      continue
    }
    const { mediaType, url, filename } = part
    if (typeof mediaType !== 'string' || !MEDIA_TYPE.test(mediaType)) throw refuse(`${at}.mediaType`, 'must be a media type such as "image/png"')
    if (filename !== undefined && (typeof filename !== 'string' || filename.length > 255)) throw refuse(`${at}.filename`, 'must be a string of at most 255 characters')
    const brokenName = filename === undefined ? null : typedTextProblem(filename)
    if (brokenName) throw refuse(`${at}.filename`, brokenName)
    if (typeof url !== 'string') throw refuse(`${at}.url`, 'must be a string')
    const brokenUrl = typedTextProblem(url)
    if (brokenUrl) throw refuse(`${at}.url`, brokenUrl)
    const problem = await urlProblem(url, mediaType, rules)
    if (problem) throw refuse(`${at}.url`, problem)
    checked.push({ type: 'file', mediaType, url, ...(filename !== undefined ? { filename } : {}) })
  }
  if (isBlank(checked)) {
    throw refuse(path, 'a user message needs some text or a file (blank text is not enough)')
  }
  return checked
}

/** Why `url` cannot be a file part's URL for this model and these rules, or `null`. */
async function urlProblem(url: string, mediaType: string, { model, files }: Rules): Promise<string | null> {
  if (url.startsWith('data:')) {
    const comma = url.indexOf(',')
    if (comma < 0 || !/;base64$/i.test(url.slice(0, comma))) return 'a data: URL must be base64 (data:<type>;base64,<data>)'
    return BASE64.test(url.slice(comma + 1)) ? null : 'the data: URL holds characters that are not base64'
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'must be a data: URL or an https: URL'
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `must be a data: URL or an https: URL, not ${parsed.protocol}`
  if (await modelFetches(model, parsed.href, mediaType)) return null
  const refusal = downloadRefusal(parsed, files)
  return refusal ? `${refusal} (this agent's model does not fetch "${mediaType}" URLs itself)` : null
}

/** Whether the model takes `url` as is for `mediaType` (its `supportedUrls`), so the server never downloads it. */
async function modelFetches(model: Exclude<LanguageModel, string>, url: string, mediaType: string): Promise<boolean> {
  const supported = typeof model === 'object' && 'supportedUrls' in model ? await model.supportedUrls : {}
  const type = mediaType.toLowerCase()
  return Object.entries(supported ?? {}).some(([pattern, regexes]) => {
    const key = pattern.toLowerCase()
    const matches = key === '*' || key === '*/*' || key === type || (key.endsWith('/*') && type.startsWith(key.slice(0, -1)))
    return matches && regexes.some((regex) => regex.test(url))
  })
}
