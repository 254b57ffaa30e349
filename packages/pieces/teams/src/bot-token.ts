import { jsonCall, keptValues, PlatformError } from 'frogbot/channels'

/** How long a token request may take (ms). */
const TOKEN_TIMEOUT_MS = 10_000

/** How long before its expiry a token is asked for again (ms): a call never leaves with one about to lapse. */
const RENEW_BEFORE_MS = 5 * 60_000

/** What the OAuth 2.0 token endpoint answers (RFC 6749 §5.1 and §5.2). */
type TokenAnswer = { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown }

/**
 * The bot's own token for Bot Connector calls, by the OAuth 2.0 client-credentials grant
 * (RFC 6749 §4.4; Bot Connector authentication, "bot to connector"): `POST tokenUrl` with the
 * app's id and secret and the `scope` asked (the Bot Connector's is
 * `https://api.botframework.com/.default`). Each scope's token is kept until 5 minutes before it
 * expires (`keptValues`: callers share one request in flight). Throws the kit's `PlatformError`
 * naming what failed: the endpoint refusing the credentials (any 4xx: `credentials`, with the
 * first line of its `error_description` and what to check), or answering otherwise.
 */
export function clientCredentials({ tokenUrl, appId, appPassword, now }: { tokenUrl: string; appId: string; appPassword: string; now: () => number }): (scope: string) => Promise<string> {
  return keptValues({
    now,
    fetch: async (scope) => {
      const form = { grant_type: 'client_credentials', client_id: appId, client_secret: appPassword, scope }
      const { status, ok, answer: given } = await jsonCall<TokenAnswer>(tokenUrl, { method: 'POST', form, timeoutMs: TOKEN_TIMEOUT_MS })
      const answer = given ?? {}
      if (!ok || typeof answer.access_token !== 'string') {
        const code = typeof answer.error === 'string' ? answer.error : `HTTP ${status}`
        const detail = typeof answer.error_description === 'string' ? `: ${answer.error_description.split(/\r?\n/)[0]}` : ''
        if (status >= 400 && status < 500) {
          throw new PlatformError(`the token endpoint ${tokenUrl} refused the app's credentials (${code}${detail}); check TEAMS_APP_ID, TEAMS_APP_PASSWORD and TEAMS_APP_TENANT_ID`, status, { credentials: true })
        }
        throw new PlatformError(`the token endpoint ${tokenUrl} answered ${status} (${code}${detail})`, status, { credentials: false })
      }
      const lifetimeMs = (typeof answer.expires_in === 'number' ? answer.expires_in : Number(answer.expires_in) || 0) * 1000
      return { value: answer.access_token, keepMs: Math.max(lifetimeMs - RENEW_BEFORE_MS, lifetimeMs / 2) }
    }
  })
}
