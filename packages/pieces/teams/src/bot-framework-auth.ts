import { openIdBearer, type VerifiedBearer } from 'frogbot/channels'

/** The issuer of every token the Bot Connector service sends a bot (Bot Connector authentication). */
export const BOT_FRAMEWORK_ISSUER = 'https://api.botframework.com'

/** The parts of an activity the token is checked against. */
export type SignedActivity = { serviceUrl: string; channelId?: string; recipient?: { id?: unknown } }

/** A URL without its trailing slashes, in lower case: how Bot Framework compares service URLs. */
const comparable = (url: string) => url.replace(/\/+$/, '').toLowerCase()

/**
 * Why a verified token does not go with `activity`, or `null`. The token covers its claims, not the
 * body, so what it can bind is checked against the body: its `serviceurl` claim must equal the
 * activity's `serviceUrl` (case and trailing slash aside); its audience is `appId` (checked with
 * the signature), and the activity's `recipient.id`, where it has one, must be this bot
 * (`appId`, or Teams' `28:<appId>`); where its signing key lists `endorsements`, the activity's
 * `channelId` must be among them (Bot Connector authentication). The rest of the body (text, who
 * sent it, the conversation) is not proven by the token.
 */
export function activityMismatch(token: VerifiedBearer, activity: SignedActivity, appId: string) {
  const serviceUrl = typeof token.claims.serviceurl === 'string' ? token.claims.serviceurl : null
  if (!serviceUrl) return 'the token has no serviceurl claim'
  if (comparable(serviceUrl) !== comparable(activity.serviceUrl)) return "the token's serviceurl claim is not the activity's serviceUrl"
  const recipient = activity.recipient?.id
  if (recipient !== undefined && recipient !== appId && recipient !== `28:${appId}`) return "the activity's recipient is not this bot (its app id)"
  const endorsements = token.key?.endorsements
  if (Array.isArray(endorsements) && !endorsements.includes(activity.channelId)) {
    return `the signing key is not endorsed for the channel "${activity.channelId ?? ''}"`
  }
  return null
}

/**
 * Checks the Bot Framework JWT of an incoming activity, as Bot Connector authentication
 * (learn.microsoft.com, "Authentication with the Bot Connector API": Connector to bot) asks, with
 * the kit's `openIdBearer`: the token in `Authorization: Bearer …`; signed by a key listed at the
 * `jwks_uri` of the OpenID metadata at `openIdMetadataUrl`, with an algorithm the metadata lists;
 * issuer {@link BOT_FRAMEWORK_ISSUER}; audience `appId`; not expired nor not yet valid, within
 * the kit's `BEARER_CLOCK_TOLERANCE_S` of `now` (5 minutes: Bot Connector authentication, "industry-
 * standard clock-skew is 5 minutes"). What it says of the activity is checked by
 * {@link activityMismatch} once the body is read. There is no way to skip either.
 */
export function botFrameworkAuth({ appId, openIdMetadataUrl, now }: { appId: string; openIdMetadataUrl: string; now: () => number }) {
  const claims = { issuer: BOT_FRAMEWORK_ISSUER, audience: appId }
  return openIdBearer({ metadataUrl: openIdMetadataUrl, provider: 'the Bot Framework', now, ...claims })
}
