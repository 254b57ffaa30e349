/**
 * One HTTP call to a platform's JSON API (a REST call, a token endpoint), bounded by `timeoutMs`:
 * `method` (default `GET`) to `url` with `headers`, `accept: application/json`, and a body when
 * one is given: `json` sent as JSON (`content-type: application/json`), or `form` as an HTML form
 * (`application/x-www-form-urlencoded`). Resolves to the answer's HTTP `status`, whether it is a
 * success (`ok`, 2xx) and its body parsed as JSON (`answer`: `null` when it is empty or no JSON),
 * whatever the status: the piece says what a refusal means (see `PlatformError`). Throws only when
 * no answer came: the platform out of reach, the timeout (a `TimeoutError`), or `signal` aborted
 * (optional: a long poll the piece ends when it stops; its reason is thrown).
 */
export async function jsonCall<T = unknown>(
  url: string,
  { method = 'GET', headers = {}, json, form, timeoutMs, signal }: { method?: string; headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; timeoutMs: number; signal?: AbortSignal }
): Promise<{ status: number; ok: boolean; answer: T | null }> {
  const body = json !== undefined ? { type: 'application/json', text: JSON.stringify(json) } : form ? { type: 'application/x-www-form-urlencoded', text: String(new URLSearchParams(form)) } : null
  const response = await fetch(url, {
    method,
    headers: { ...headers, accept: 'application/json', ...(body ? { 'content-type': body.type } : {}) },
    ...(body ? { body: body.text } : {}),
    signal: signal ? AbortSignal.any([AbortSignal.timeout(timeoutMs), signal]) : AbortSignal.timeout(timeoutMs)
  })
  return { status: response.status, ok: response.ok, answer: (await response.json().catch(() => null)) as T | null }
}
