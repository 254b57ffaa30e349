import { verifySlackSignature } from '@chat-adapter/slack/webhook'
import type { ChannelState } from 'frogbot/channels'

/** How far a request's timestamp may be from now, in seconds (Slack's own rule: 5 minutes). */
export const MAX_SKEW_SECONDS = 300

const refuse = (error: string) => Response.json({ error, code: 'unauthorized' }, { status: 401 })

/**
 * Why a verified body cannot be read, or null: a JSON body (Events API) must be a JSON object, a
 * form body (Interactivity) must carry `payload` as a JSON object, or be a slash command.
 */
export function unreadableBody(body: string, contentType: string | null): string | null {
  const object = (text: string) => {
    try {
      const value: unknown = JSON.parse(text)
      return value !== null && typeof value === 'object' && !Array.isArray(value)
    } catch {
      return false
    }
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(body)
    if (form.has('command') && !form.has('payload')) return null
    const payload = form.get('payload')
    if (payload === null) return 'Refused: the form body has no payload field.'
    return object(payload) ? null : 'Refused: the form field payload is not a JSON object.'
  }
  return object(body) ? null : 'Refused: the body is not a JSON object.'
}

/** What whoever runs FrogBot can do about a refused request, if Slack sent it. */
function remedy(reason: string): string {
  if (/too old|timestamp/i.test(reason)) return "if Slack sent it, check this server's clock (Slack's requests are refused 5 minutes after they were signed)"
  if (/headers/i.test(reason)) return 'Slack signs every request it sends; this one came from elsewhere'
  return "if Slack sent it, SLACK_SIGNING_SECRET (or signingSecret) is not the app's Signing Secret (Basic Information → App Credentials)"
}

/**
 * Checks a request to the Slack webhook before anything reads it (SPEC §9): the signing secret's
 * HMAC over `v0:<timestamp>:<body>`, a timestamp within {@link MAX_SKEW_SECONDS} of `now`, and a
 * signature never seen before (kept in the instance's state, so every process sees it, for as long
 * as a timestamp stays acceptable). Returns the body, or the `401` refusal: a forged, stale or
 * replayed request changes nothing. `onRefused` hears why a request failed the signature check
 * and what to do if Slack sent it (a wrong signing secret, a server clock off by minutes).
 */
export async function verifiedBody(
  request: Request,
  { signingSecret, state, now, onRefused }: { signingSecret: string; state: Pick<ChannelState, 'setIfNotExists'>; now: () => number; onRefused?: (why: string) => void }
): Promise<string | Response> {
  const body = await request.text()
  try {
    await verifySlackSignature(body, request.headers, { signingSecret, now, maxSkewSeconds: MAX_SKEW_SECONDS })
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the Slack signature is invalid'
    onRefused?.(`${reason}; ${remedy(reason)}`)
    return refuse(`Refused: ${reason}.`)
  }
  const signature = request.headers.get('x-slack-signature')!
  if (!(await state.setIfNotExists(`frogbot:slack:signature:${signature}`, true, 2 * MAX_SKEW_SECONDS * 1000 + 60_000))) {
    return refuse('Refused: this signed request was already received (a replay).')
  }
  return body
}
