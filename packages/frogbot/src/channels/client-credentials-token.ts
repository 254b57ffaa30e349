import { jsonCall } from './json-call.ts'
import { keptValues } from './kept-values.ts'
import { PlatformError } from './platform-error.ts'

/** How long a token request may take (ms). */
export const TOKEN_TIMEOUT_MS = 10_000

/** How long before its expiry a token is asked for again (ms): no call leaves with one about to lapse. */
export const RENEW_BEFORE_MS = 5 * 60_000

/** What an OAuth 2.0 token endpoint answers (RFC 6749 §5.1 and §5.2). */
type TokenAnswer = {
  access_token?: unknown
  expires_in?: unknown
  error?: unknown
  error_description?: unknown
}

/** The settings of {@link clientCredentialsToken}. */
export type ClientCredentials = {
  /** The token endpoint. */
  tokenUrl: string
  /** The app's client id and secret. */
  clientId: string
  clientSecret: string
  /** What to check when the endpoint refuses them: the settings that hold them, as their variables. */
  check: string
  now: () => number
}

/**
 * A platform's bearer token for the piece's own app, by the OAuth 2.0 client-credentials grant
 * (RFC 6749 §4.4): `POST tokenUrl` with the client id and secret and the `scope` asked, as a form.
 * Each scope's token is kept until {@link RENEW_BEFORE_MS} before it expires (half its lifetime
 * when that is shorter; `keptValues`: callers share one request in flight), each request bounded
 * to {@link TOKEN_TIMEOUT_MS}. Throws a `PlatformError` naming what failed: the endpoint refusing
 * the credentials (any 4xx: `credentials`, with its `error`, the first line of its
 * `error_description` and `check`), or answering otherwise (no `access_token`, a 5xx). For a
 * platform whose app mints its own tokens (Microsoft Teams' Bot Connector; Linear, Zoom or Webex
 * apps by client credentials).
 */
export function clientCredentialsToken({ tokenUrl, clientId, clientSecret, check, now }: ClientCredentials) {
  return keptValues<string>({
    now,
    fetch: async (scope) => {
      const form = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }
      const call = { method: 'POST', form: { ...form, scope }, timeoutMs: TOKEN_TIMEOUT_MS }
      const { status, ok, answer: given } = await jsonCall<TokenAnswer>(tokenUrl, call)
      const answer = given ?? {}
      if (!ok || typeof answer.access_token !== 'string') {
        const code = typeof answer.error === 'string' ? answer.error : `HTTP ${status}`
        const description = typeof answer.error_description === 'string' ? answer.error_description : null
        const detail = description !== null ? `: ${description.split(/\r?\n/)[0]}` : ''
        if (status >= 400 && status < 500) {
          const refused = `the token endpoint ${tokenUrl} refused the app's credentials (${code}${detail})`
          throw new PlatformError(`${refused}; check ${check}`, status, { credentials: true })
        }
        const failed = `the token endpoint ${tokenUrl} answered ${status} (${code}${detail})`
        throw new PlatformError(failed, status, { credentials: false })
      }
      const expiresIn = answer.expires_in
      const seconds = typeof expiresIn === 'number' ? expiresIn : Number(expiresIn) || 0
      const keepMs = Math.max(seconds * 1000 - RENEW_BEFORE_MS, (seconds * 1000) / 2)
      return { value: answer.access_token, keepMs }
    }
  })
}
