import { badRequest, hmacSigned, ignoredDelivery, type PieceContext, refusedRequest, replayGuard, unauthorized } from 'frogbot/channels'
import { COMMENT_EVENTS, readDelivery } from './github-delivery.ts'

/**
 * How old a comment a delivery carries may be, at most (ms): GitHub redelivers only deliveries of
 * the past 3 days ("Redelivering webhooks", docs.github.com), and signs no time of its own, so
 * the comment's `created_at` (inside the signed body) is the time a delivery is judged by; 5
 * minutes more for clocks apart.
 */
export const DELIVERY_WINDOW_MS = 3 * 24 * 60 * 60_000 + 5 * 60_000

/** How long an admitted delivery is remembered (ms): past the window, a copy of it is refused as too old. */
const REMEMBERED_MS = 2 * DELIVERY_WINDOW_MS + 60_000

/** GitHub's delivery ids are GUIDs; anything far from one is not GitHub's. */
const DELIVERY_ID = /^[A-Za-z0-9-]{1,100}$/

const text = (body: string) => new Response(body, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } })

/** What to do about a delivery refused for its signature, if GitHub sent it. */
const REMEDY = {
  missing: "GitHub signs a delivery only when the webhook has a secret: set the webhook's Secret (Settings → Webhooks) to GITHUB_WEBHOOK_SECRET",
  wrong: "if GitHub sent it, GITHUB_WEBHOOK_SECRET (or webhookSecret) is not the webhook's Secret (Settings → Webhooks → the webhook, or the GitHub App's settings)"
}

/**
 * Checks a delivery to the GitHub webhook before anything reads it (docs/pieces/github.md), and answers
 * what needs no more:
 * 1. the `X-Hub-Signature-256` HMAC of the raw body with the webhook's secret, else `401`
 *    (the kit's `refusedRequest`: logged at most once a minute, with what to do);
 * 2. `ping` is answered `200 pong` (with a line in the log when the webhook is not subscribed to
 *    the comment events); other events and actions, edited and deleted comments among them, are
 *    answered `200` with why they are ignored; a body that is not GitHub's payload is `400`;
 * 3. a new comment is judged by its `created_at`, inside the signed body, since GitHub signs no
 *    time: older than {@link DELIVERY_WINDOW_MS} is `401`; then the kit's replay guard, on the
 *    `X-GitHub-Delivery` id (a redelivery keeps it) and on the body itself (a copy re-sent with
 *    another id), both remembered past that window: a delivery seen before is `401` and changes nothing.
 * Returns the body to hand on, or the answer.
 */
export function githubVerifier(secret: string) {
  return async (request: Request, { state, now, refused, log }: Pick<PieceContext, 'state' | 'now' | 'refused' | 'log'>): Promise<string | Response> => {
    const body = await request.text()
    const signature = request.headers.get('x-hub-signature-256')
    if (!signature) return refusedRequest(refused, 'the delivery has no X-Hub-Signature-256 signature', REMEDY.missing, 'the request has no X-Hub-Signature-256 signature')
    if (!hmacSigned({ secret, body, signature, prefix: 'sha256=' })) return refusedRequest(refused, 'the X-Hub-Signature-256 signature does not match the body', REMEDY.wrong, 'the X-Hub-Signature-256 signature does not match')
    const delivery = readDelivery(request.headers.get('x-github-event'), body)
    if (delivery.kind === 'unreadable') {
      refused(`a signed delivery could not be read: ${delivery.why}`)
      return badRequest(`Refused: ${delivery.why}.`)
    }
    if (delivery.kind === 'ping') {
      const events = delivery.events
      if (events && !events.includes('*') && !COMMENT_EVENTS.some((event) => events.includes(event))) log(`the webhook is subscribed to ${events.join(', ') || 'no events'}, not to Issue comments: tick "Issue comments" (and "Pull request review comments") in its settings`)
      return text('pong')
    }
    if (delivery.kind === 'ignored') return ignoredDelivery(delivery.why)

    const deliveryId = request.headers.get('x-github-delivery')
    if (!deliveryId || !DELIVERY_ID.test(deliveryId)) return badRequest('Refused: the delivery has no X-GitHub-Delivery id (GitHub sends one with every delivery).')
    const writtenAt = Date.parse(delivery.createdAt)
    if (Math.abs(now() - writtenAt) > DELIVERY_WINDOW_MS) return unauthorized('Refused: the comment was written more than 3 days from now; GitHub redelivers only deliveries of the past 3 days.')
    const guard = replayGuard({ state, now, windowMs: DELIVERY_WINDOW_MS, keepMs: REMEMBERED_MS })
    const refusal = (await guard.admit({ body, deliveryId })) ?? (await guard.admit({ body, signedAt: writtenAt }))
    return refusal ? unauthorized(refusal.message) : body
  }
}
