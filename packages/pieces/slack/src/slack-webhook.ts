import { verifySlackSignature } from '@chat-adapter/slack/webhook'
import { jsonObject, type PieceContext, refusedRequest, replayGuard, unauthorized } from 'frogbot/channels'

/** How far a request's timestamp may be from now, in seconds (Slack's own rule: 5 minutes). */
export const MAX_SKEW_SECONDS = 300

/**
 * Why a verified body cannot be read, or null: a JSON body (Events API) must be a JSON object, a
 * form body (Interactivity) must carry `payload` as a JSON object, or be a slash command.
 */
export function unreadableBody(body: string, contentType: string | null): string | null {
  const object = (text: string) => typeof jsonObject(text) !== 'string'
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(body)
    if (form.has('command') && !form.has('payload')) return null
    const payload = form.get('payload')
    if (payload === null) return 'Refused: the form body has no payload field.'
    return object(payload) ? null : 'Refused: the form field payload is not a JSON object.'
  }
  return object(body) ? null : 'Refused: the body is not a JSON object.'
}

/**
 * Why a request's timestamp (seconds) is too far from `now` (ms), or null: more than
 * {@link MAX_SKEW_SECONDS} in the past is too old, in the future ahead of this server's clock (Chat
 * SDK's check calls both "too old"). A missing or unreadable timestamp is left to the signature check.
 */
function skewOf(timestamp: string | null, now: number): string | null {
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp)) return null
  const ahead = Number(timestamp) - Math.floor(now / 1000)
  if (ahead > MAX_SKEW_SECONDS) return `the request timestamp is more than ${MAX_SKEW_SECONDS / 60} minutes ahead of this server's clock`
  if (-ahead > MAX_SKEW_SECONDS) return 'Slack timestamp is too old'
  return null
}

/** What whoever runs FrogBot can do about a refused request, if Slack sent it. */
function remedy(reason: string): string {
  if (/ahead of this server's clock/.test(reason)) return "if Slack sent it, this server's clock is behind: set it right (Slack's requests are refused 5 minutes from when they were signed, either way)"
  if (/too old|timestamp/i.test(reason)) return "if Slack sent it, check this server's clock (Slack's requests are refused 5 minutes after they were signed)"
  if (/headers/i.test(reason)) return 'Slack signs every request it sends; this one came from elsewhere'
  return "if Slack sent it, SLACK_SIGNING_SECRET (or signingSecret) is not the app's Signing Secret (Basic Information → App Credentials)"
}

/**
 * Checks a request to the Slack webhook before anything reads it (docs/pieces/slack.md): the signing secret's HMAC over `v0:<timestamp>:<body>` and a timestamp within
 * {@link MAX_SKEW_SECONDS} of `now` (Slack's own check), then the kit's replay guard, keyed on the
 * timestamp and the raw body, which a sender cannot change without breaking the signature (the
 * signature itself is accepted in any letter case, so it cannot be the key). Returns the body, or
 * the `401` refusal: a forged, stale or replayed request changes nothing. A request failing the
 * signature is logged (at most once a minute) with what to do if Slack sent it.
 */
export function slackVerifier(signingSecret: string) {
  return async (request: Request, { state, now, refused }: Pick<PieceContext, 'state' | 'now' | 'refused'>): Promise<string | Response> => {
    const body = await request.text()
    const refuse = (reason: string) => refusedRequest(refused, reason, remedy(reason))
    const skew = skewOf(request.headers.get('x-slack-request-timestamp'), now())
    if (skew) return refuse(skew)
    try {
      await verifySlackSignature(body, request.headers, { signingSecret, now, maxSkewSeconds: MAX_SKEW_SECONDS })
    } catch (error) {
      return refuse(error instanceof Error ? error.message : 'the Slack signature is invalid')
    }
    const signedAt = Number(request.headers.get('x-slack-request-timestamp')) * 1000
    const refusal = await replayGuard({ state, now, windowMs: MAX_SKEW_SECONDS * 1000 }).admit({ body, signedAt })
    return refusal ? unauthorized(refusal.message) : body
  }
}
