import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import type { FlattenedJWSInput, JWK, JWSHeaderParameters, JWTPayload } from 'jose'
import { errorText } from '../text/error-text.ts'
import { OPENID_FETCH_TIMEOUT_MS, OPENID_METADATA_KEEP_MS, openIdMetadata } from './openid-metadata.ts'

/** How far a token's times may be off this server's clock by default, either way (s): 5 minutes. */
export const BEARER_CLOCK_TOLERANCE_S = 300

/** A key as a key set lists it: a JWK, with any other member a platform gives it. */
export type ListedKey = JWK & Record<string, unknown>

/**
 * What checking a request's bearer token came to: `verified` (its `claims`, and `key`, the key of
 * the key set that signed it, for what a platform lists with its keys), `refused` (the sender's
 * fault: `reason` says why, for the log and the 401) or `unavailable` (the metadata or the keys
 * could not be fetched, so nothing can be verified now: nobody's fault, a 503 so that the
 * platform delivers the request again).
 */
export type BearerCheck =
  | VerifiedBearer
  | { kind: 'refused'; reason: string }
  | { kind: 'unavailable'; reason: string }

/** A bearer token that passed the check (see {@link BearerCheck}). */
export type VerifiedBearer = { kind: 'verified'; claims: JWTPayload; key?: ListedKey }

/**
 * Where the signing keys are listed: `metadataUrl`, an OpenID Provider's metadata whose `jwks_uri`
 * lists them and whose `id_token_signing_alg_values_supported` names the algorithms; or
 * `jwksUrl`, the key set itself.
 */
export type BearerKeys =
  | { metadataUrl: string; jwksUrl?: undefined }
  | { jwksUrl: string; metadataUrl?: undefined }

/**
 * What a bearer token must be: issued by (one of) `issuer`, for (one of) `audience`; signed with
 * one of `algorithms` (default: those the metadata lists, else `RS256`); its times within
 * `clockTolerance` seconds of `now` (default {@link BEARER_CLOCK_TOLERANCE_S}, `Date.now`).
 * `provider` names who signs, as refusals say it: "the Bot Framework" in "no key of the Bot
 * Framework's signing keys matches the token".
 */
export type OpenIdBearerOptions = BearerKeys & {
  issuer: string | string[]
  audience: string | string[]
  provider: string
  algorithms?: string[]
  clockTolerance?: number
  now?: () => number
}

/** A bearer-token check of a request's `Authorization` header (`null`: none), see {@link openIdBearer}. */
export type BearerVerifier = (authorization: string | null) => Promise<BearerCheck>

/**
 * Why jose refused a token, for people (`otherAlgorithm`: the refusal of a token signed with an
 * algorithm not allowed); `null` when the keys could not be had (not the sender's fault).
 */
function refusalOf(error: unknown, provider: string, otherAlgorithm: string): string | null {
  if (error instanceof errors.JWTExpired) return 'the token has expired'
  if (error instanceof errors.JWTClaimValidationFailed) {
    const { claim, reason } = error
    if (claim === 'nbf' || claim === 'iat') return `the token is not valid yet (${claim})`
    return `the token's ${claim} claim is wrong (${reason})`
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the token signature is invalid'
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return `no key of ${provider}'s signing keys matches the token`
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return otherAlgorithm
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return null
  // jose's bare error is only thrown of a key set answering other than 200, or not JSON.
  if (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC') return null
  if (error instanceof errors.JOSEError) return `the token is malformed (${error.message})`
  return null
}

/**
 * Checks the `Authorization: Bearer <JWT>` of a request signed by an OpenID Provider's keys, with
 * `jose` (OpenID Connect Core 1.0 §3.1.3.7, ID token validation; Microsoft Teams' Bot Framework
 * tokens): the token signed by a key of the key set ({@link BearerKeys}: the metadata is kept a day,
 * the keys as long, fetched again on an unknown `kid` at most every 30 s), with an allowed
 * algorithm; its `iss` and `aud` as {@link OpenIdBearerOptions} say; an `exp` not past, and an
 * `nbf` or `iat` not ahead, within the clock tolerance. Resolves a {@link BearerCheck}; what the
 * claims say of the request's body is the piece's to check.
 */
export function openIdBearer(options: OpenIdBearerOptions): BearerVerifier {
  const { issuer, audience, provider, algorithms, now = Date.now } = options
  const clockTolerance = options.clockTolerance ?? BEARER_CLOCK_TOLERANCE_S
  const metadata = openIdMetadata({ now })
  // The keys of the current `jwks_uri` (jose keeps them); another `jwks_uri`, other keys.
  let keys: { uri: string; keySet: ReturnType<typeof createRemoteJWKSet> } | null = null
  const keySetOf = (uri: string) => {
    const keepOptions = { timeoutDuration: OPENID_FETCH_TIMEOUT_MS, cacheMaxAge: OPENID_METADATA_KEEP_MS }
    if (keys?.uri !== uri) keys = { uri, keySet: createRemoteJWKSet(new URL(uri), keepOptions) }
    return keys.keySet
  }

  return async (authorization) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
    if (!bearer) {
      const header = authorization ? 'is not a Bearer token' : 'is missing'
      return { kind: 'refused', reason: `the Authorization header ${header}` }
    }
    // Without the metadata nothing can be verified now: nobody's fault.
    const found = options.metadataUrl ? await metadata(options.metadataUrl).catch(errorText) : undefined
    if (typeof found === 'string') return { kind: 'unavailable', reason: found }
    const keySet = keySetOf(found?.jwks_uri ?? options.jwksUrl!)
    const listed = algorithms ? undefined : found?.id_token_signing_alg_values_supported
    const allowed = algorithms ?? listed ?? ['RS256']
    const otherAlgorithm = listed
      ? `the token is signed with an algorithm ${provider}'s metadata does not list`
      : `the token is signed with an algorithm other than ${allowed.join(', ')}`
    // The key that signed it, as the key set listed it when it was picked.
    let key: ListedKey | undefined
    const signingKeyOf = async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
      const picked = await keySet(header, token)
      key = keySet.jwks()?.keys.find((candidate) => candidate.kid === header.kid)
      return picked
    }
    try {
      const { payload } = await jwtVerify(bearer[1], signingKeyOf, {
        issuer,
        audience,
        algorithms: allowed,
        clockTolerance,
        currentDate: new Date(now()),
        requiredClaims: ['exp']
      })
      return { kind: 'verified', claims: payload, ...(key ? { key } : {}) }
    } catch (error) {
      const reason = refusalOf(error, provider, otherAlgorithm)
      if (reason) return { kind: 'refused', reason }
      const unfetched = `${provider}'s signing keys could not be fetched (${errorText(error)})`
      return { kind: 'unavailable', reason: unfetched }
    }
  }
}
