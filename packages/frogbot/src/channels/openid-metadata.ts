import { jsonCall } from './json-call.ts'
import { keptValues } from './kept-values.ts'

/** How long an OpenID Provider's metadata is kept before it is fetched again (ms): a day. */
export const OPENID_METADATA_KEEP_MS = 24 * 60 * 60_000

/** How long a request for an OpenID Provider's metadata, or for the keys it lists, may take (ms). */
export const OPENID_FETCH_TIMEOUT_MS = 5000

/** How long a failed fetch of the metadata stands before it is tried again (ms). */
export const OPENID_METADATA_RETRY_MS = 10_000

/** The fields of an OpenID Provider's metadata a token check reads (OpenID Connect Discovery 1.0, §3). */
export type OpenIdMetadata = { jwks_uri: string; id_token_signing_alg_values_supported?: string[] }

/**
 * An OpenID Provider's metadata, by its URL (OpenID Connect Discovery 1.0, the document at
 * `…/.well-known/openid-configuration`): for a piece whose platform signs what it sends with the
 * keys listed at the metadata's `jwks_uri` (Microsoft Teams' Bot Framework tokens; Google Chat's ID
 * tokens), which it checks with a JWT library. Each URL's document is fetched within
 * {@link OPENID_FETCH_TIMEOUT_MS} and kept {@link OPENID_METADATA_KEEP_MS} (`keptValues`: one
 * request in flight); a failure is kept {@link OPENID_METADATA_RETRY_MS}, so that a provider out
 * of reach is not asked on every request. Throws naming the URL when it answers other than 2xx or
 * its document names no absolute `jwks_uri`.
 */
export function openIdMetadata({ now }: { now: () => number }): (url: string) => Promise<OpenIdMetadata> {
  return keptValues<OpenIdMetadata>({
    now,
    retryMs: OPENID_METADATA_RETRY_MS,
    fetch: async (url) => {
      const timeoutMs = OPENID_FETCH_TIMEOUT_MS
      const { status, ok, answer } = await jsonCall<Partial<OpenIdMetadata>>(url, { timeoutMs })
      if (!ok) throw new Error(`the OpenID metadata at ${url} answered ${status}`)
      const jwksUri = answer?.jwks_uri
      if (typeof jwksUri !== 'string' || !URL.canParse(jwksUri)) {
        throw new Error(`the OpenID metadata at ${url} names no jwks_uri`)
      }
      return { value: answer as OpenIdMetadata, keepMs: OPENID_METADATA_KEEP_MS }
    }
  })
}
