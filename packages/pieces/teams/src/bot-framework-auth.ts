import { errorText, OPENID_FETCH_TIMEOUT_MS, OPENID_METADATA_KEEP_MS, openIdMetadata } from 'frogbot/channels'
import { createRemoteJWKSet, errors, type FlattenedJWSInput, type JWK, type JWSHeaderParameters, jwtVerify, type JWTPayload } from 'jose'

/** The issuer of every token the Bot Connector service sends a bot (Bot Connector authentication). */
export const BOT_FRAMEWORK_ISSUER = 'https://api.botframework.com'

/** How far a token's times may be off this server's clock (Bot Connector authentication: "industry-standard clock-skew is 5 minutes"), in seconds. */
export const CLOCK_TOLERANCE_SECONDS = 300

/** The parts of an activity the token is checked against. */
export type SignedActivity = { serviceUrl: string; channelId?: string; recipient?: { id?: unknown } }

/**
 * What checking a request's token came to: `verified` (its claims), `refused` (the sender's
 * fault: `reason` says why, for the log and the 401) or `unavailable` (the keys could not be
 * fetched, so nothing can be verified now: nobody's fault, answered 503 so that Teams tries again).
 */
export type TokenCheck = { kind: 'verified'; claims: JWTPayload; endorsements?: unknown[] } | { kind: 'refused'; reason: string } | { kind: 'unavailable'; reason: string }

/** A URL without its trailing slashes, in lower case: how Bot Framework compares service URLs. */
const comparable = (url: string) => url.replace(/\/+$/, '').toLowerCase()

/** Why jose refused a token, for people; `null` when the keys could not be had (not the sender's fault). */
function refusalOf(error: unknown): string | null {
  if (error instanceof errors.JWTExpired) return 'the token has expired'
  if (error instanceof errors.JWTClaimValidationFailed) return error.claim === 'nbf' || error.claim === 'iat' ? `the token is not valid yet (${error.claim})` : `the token's ${error.claim} claim is wrong (${error.reason})`
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'the token signature is invalid'
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) return "no key of the Bot Framework's signing keys matches the token"
  if (error instanceof errors.JOSEAlgNotAllowed) return "the token is signed with an algorithm the Bot Framework's metadata does not list"
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return null
  if (error instanceof errors.JOSEError) return `the token is malformed (${error.message})`
  return null
}

/**
 * Why a verified token does not go with `activity`, or `null`. The token covers its claims, not the
 * body, so what it can bind is checked against the body: its `serviceurl` claim must equal the
 * activity's `serviceUrl` (case and trailing slash aside); its audience is `appId` (checked with
 * the signature), and the activity's `recipient.id`, where it has one, must be this bot
 * (`appId`, or Teams' `28:<appId>`); where its signing key lists `endorsements`, the activity's
 * `channelId` must be among them (Bot Connector authentication). The rest of the body (text, who
 * sent it, the conversation) is not proven by the token.
 */
export function activityMismatch(token: Extract<TokenCheck, { kind: 'verified' }>, activity: SignedActivity, appId: string): string | null {
  const serviceUrl = typeof token.claims.serviceurl === 'string' ? token.claims.serviceurl : null
  if (!serviceUrl) return 'the token has no serviceurl claim'
  if (comparable(serviceUrl) !== comparable(activity.serviceUrl)) return "the token's serviceurl claim is not the activity's serviceUrl"
  const recipient = activity.recipient?.id
  if (recipient !== undefined && recipient !== appId && recipient !== `28:${appId}`) return "the activity's recipient is not this bot (its app id)"
  if (token.endorsements && !token.endorsements.includes(activity.channelId)) return `the signing key is not endorsed for the channel "${activity.channelId ?? ''}"`
  return null
}

/**
 * Checks the Bot Framework JWT of an incoming activity, as Bot Connector authentication
 * (learn.microsoft.com, "Authentication with the Bot Connector API": Connector to bot) asks,
 * with `jose`: the token in `Authorization: Bearer …`; signed by a key listed at the `jwks_uri` of
 * the OpenID metadata at `openIdMetadataUrl`, with an algorithm the metadata lists (keys cached,
 * fetched again on an unknown `kid`); issuer {@link BOT_FRAMEWORK_ISSUER}; audience `appId`; not
 * expired nor not yet valid, within {@link CLOCK_TOLERANCE_SECONDS} of `now`. What it says of
 * the activity is checked by {@link activityMismatch} once the body is read. There is no way to
 * skip either.
 */
export function botFrameworkAuth({ appId, openIdMetadataUrl, now }: { appId: string; openIdMetadataUrl: string; now: () => number }) {
  // The OpenID metadata, fetched at most once a day (a failure at most once per 10 s).
  const metadata = openIdMetadata({ now })
  // The keys of the metadata's `jwks_uri` (jose keeps them, and fetches them again on an unknown `kid`); another `jwks_uri`, other keys.
  let keys: { uri: string; keySet: ReturnType<typeof createRemoteJWKSet> } | null = null

  return async (authorization: string | null): Promise<TokenCheck> => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
    if (!bearer) return { kind: 'refused', reason: authorization ? 'the Authorization header is not a Bearer token' : 'the Authorization header is missing' }
    // Without the metadata nothing can be verified now: nobody's fault.
    const found = await metadata(openIdMetadataUrl).catch((error: unknown) => errorText(error))
    if (typeof found === 'string') return { kind: 'unavailable', reason: found }
    const uri = found.jwks_uri
    const options = { timeoutDuration: OPENID_FETCH_TIMEOUT_MS, cacheMaxAge: OPENID_METADATA_KEEP_MS }
    if (keys?.uri !== uri) keys = { uri, keySet: createRemoteJWKSet(new URL(uri), options) }
    const { keySet } = keys
    // The key that signed it, as the key set listed it when it was picked (Bot Framework keys may carry `endorsements`).
    let signingKey: JWK | undefined
    const signingKeyOf = async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
      const key = await keySet(header, token)
      signingKey = keySet.jwks()?.keys.find((candidate) => candidate.kid === header.kid)
      return key
    }
    try {
      const { payload } = await jwtVerify(bearer[1], signingKeyOf, {
        issuer: BOT_FRAMEWORK_ISSUER,
        audience: appId,
        algorithms: found.id_token_signing_alg_values_supported ?? ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(now()),
        requiredClaims: ['exp']
      })
      const endorsements = (signingKey as { endorsements?: unknown } | undefined)?.endorsements
      return { kind: 'verified', claims: payload, ...(Array.isArray(endorsements) ? { endorsements } : {}) }
    } catch (error) {
      const reason = refusalOf(error)
      return reason ? { kind: 'refused', reason } : { kind: 'unavailable', reason: `the Bot Framework's signing keys could not be fetched (${errorText(error)})` }
    }
  }
}
