import { APICallError, LoadAPIKeyError, NoSuchModelError, RetryError } from 'ai'
import { clipText } from '../text/clip-text.ts'

/** The API key variable of the providers FrogBot configures from the environment, by the host they answer on. */
const KEY_OF_HOST: [RegExp, string][] = [
  [/(^|\.)openai\.com$/, 'OPENAI_API_KEY'],
  [/(^|\.)anthropic\.com$/, 'ANTHROPIC_API_KEY'],
  [/(^|\.)googleapis\.com$/, 'GOOGLE_GENERATIVE_AI_API_KEY']
]

/** The host of a URL, or `null`. */
function hostOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).host : null
  } catch {
    return null
  }
}

/** The error that says most: a retried call's last error, and the cause of a fetch that failed. */
function rootOf(error: unknown): { error: unknown; attempts: number } {
  if (RetryError.isInstance(error)) return { error: error.lastError, attempts: error.errors.length }
  return { error, attempts: 1 }
}

/** Codes of a connection that failed (Node's and undici's). */
const NETWORK_CODES = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_[A-Z_]+)$/

/** A failed connection's code (`ECONNREFUSED`), from the error or its causes; `fetch failed` when `fetch` says no more. */
function networkProblem(error: unknown): string | null {
  for (let cause: unknown = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === 'string' && NETWORK_CODES.test(code)) return code
  }
  return error instanceof TypeError && /fetch failed/i.test(error.message) ? error.message : null
}

/** A short, one-line form of a provider's own message (its JSON body's `error.message`, or the error's). */
function providerMessage(error: APICallError): string {
  let message = error.message
  try {
    const body = JSON.parse(error.responseBody ?? '') as { error?: { message?: unknown } | string; message?: unknown }
    const found = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message)
    if (typeof found === 'string' && found.trim()) message = found
  } catch {}
  return clipText(message.replace(/\s+/g, ' ').trim(), 200)
}

/**
 * What a model or provider failure means for a person, in one sentence: what failed and what to do
 * (docs/http/overview.md: Limits). The chat shows it with Retry, HTTP answers it in `502
 * model-error`, and the log's line starts with it. A rejected key names its variable where the
 * provider is known; a failure that is not the provider's (a file the server would not download)
 * keeps its own words.
 */
export function modelErrorText(error: unknown): string {
  const { error: root } = rootOf(error)
  if (LoadAPIKeyError.isInstance(root)) return `The model has no API key: ${clipText(root.message.replace(/\s+/g, ' '), 200)}`
  if (NoSuchModelError.isInstance(root)) return `There is no model "${root.modelId}": check the model's name in the config, then retry.`
  if (APICallError.isInstance(root)) {
    const host = hostOf(root.url)
    const status = root.statusCode
    const key = KEY_OF_HOST.find(([pattern]) => host && pattern.test(host))?.[1]
    if (status === 401 || status === 403) return `The model provider refused the API key (${status}): check ${key ?? "the provider's API key"}, then retry.`
    if (status === 404) return `The model provider does not know this model (404: ${providerMessage(root)}): check the model's name, then retry.`
    if (status === 408 || status === 429) return `The model provider is busy or limiting requests (${status}): wait a moment, then retry.`
    if (status !== undefined && status >= 500) return `The model provider had a problem (${status}: ${providerMessage(root)}): retry in a moment.`
    if (status !== undefined) return `The model provider refused the request (${status}: ${providerMessage(root)}): retry, or start a new chat if it keeps failing.`
    const network = networkProblem(root.cause ?? root)
    return `Could not reach the model provider${host ? ` at ${host}` : ''}${network ? ` (${network})` : ''}: check the network and the provider's base URL, then retry.`
  }
  const network = networkProblem(root)
  if (network) return `Could not reach the model provider (${network}): check the network and the provider's base URL, then retry.`
  if (root instanceof Error && (root.name === 'TimeoutError' || root.name === 'AbortError')) return 'The model did not answer in time: retry.'
  const message = root instanceof Error ? root.message : String(root)
  return `The model failed: ${clipText(message.replace(/\s+/g, ' ').trim(), 300).replace(/[.:;]$/, '')}. Retry, or check the model's key and name.`
}

/**
 * The log line of a model failure in chat `chatId` of agent `agentSlug`: one line, whatever the
 * error (the sentence, then the provider's status, address and attempts when known). Its stack and
 * causes go to `debug`, when given (`frogbot serve` with `FROGBOT_DEBUG=1`).
 */
export function logModelError({ error, chatId, agentSlug, log, debug }: { error: unknown; chatId: string; agentSlug: string; log: (line: string) => void; debug?: (line: string) => void }): void {
  const { error: root, attempts } = rootOf(error)
  const facts = [
    APICallError.isInstance(root) && root.statusCode !== undefined ? `status ${root.statusCode}` : null,
    APICallError.isInstance(root) && root.url ? `url ${root.url.split('?')[0]}` : null,
    attempts > 1 ? `${attempts} attempts` : null
  ].filter(Boolean)
  log(`frogbot: the model of agent "${agentSlug}" failed in chat ${chatId}: ${modelErrorText(error)}${facts.length ? ` (${facts.join(', ')})` : ''}`)
  if (debug) debug(`frogbot: the model's error in chat ${chatId}, in full: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${root !== error && root instanceof Error ? `\n  last attempt: ${root.stack ?? root.message}` : ''}`)
}
