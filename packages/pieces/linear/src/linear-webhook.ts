import { badRequest, hmacSigned, jsonObject, type PieceContext, refusedRequest, replayGuard, unauthorized } from 'frogbot/channels'

/** How far a delivery's `webhookTimestamp` may be from now, either way (ms): Linear's own window ("Webhooks", linear.app/developers/webhooks: within a minute). */
export const DELIVERY_WINDOW_MS = 60_000

/** How long a delivery id is remembered (ms): a copy of it arriving later is refused as too old. */
const REMEMBERED_MS = 2 * DELIVERY_WINDOW_MS + 60_000

const DELIVERY_ID = /^[A-Za-z0-9-]{1,100}$/

const REMEDY = "if Linear sent it, LINEAR_WEBHOOK_SECRET (or webhookSecret) is not the webhook's signing secret (the OAuth app's page in Linear's settings)"

/**
 * Checks a delivery to the Linear webhook before anything reads it (docs/pieces/linear.md):
 * 1. the `Linear-Signature` header, the hex HMAC-SHA256 of the raw body with the webhook's signing
 *    secret, else `401` (the kit's `refusedRequest`: logged at most once a minute, with what to do);
 * 2. the body's `webhookTimestamp` (ms since the epoch, inside the signed body; the unsigned
 *    `Linear-Timestamp` header is not trusted) within {@link DELIVERY_WINDOW_MS} of now, else `401`;
 * 3. the kit's replay guard, on the `Linear-Delivery` id when there is one and on the body and its
 *    time: a delivery seen before is `401` and changes nothing.
 * A signed body that is not a JSON object is `400`. Returns the body to hand on, or the answer.
 */
export function linearVerifier(secret: string) {
  return async (request: Request, { state, now, refused }: Pick<PieceContext, 'state' | 'now' | 'refused'>): Promise<string | Response> => {
    const body = await request.text()
    const signature = request.headers.get('linear-signature')
    if (!signature) return refusedRequest(refused, 'the delivery has no Linear-Signature header', 'Linear signs every webhook delivery', 'the request has no Linear-Signature header')
    // Linear's hex is read in either letter case, white space around it aside.
    if (!hmacSigned({ secret, body, signature: signature.trim().toLowerCase() })) return refusedRequest(refused, 'the Linear-Signature does not match the body', REMEDY, 'the Linear-Signature does not match')
    const payload = jsonObject(body)
    if (typeof payload === 'string') return badRequest(`Refused: the body is ${payload}.`)
    const signedAt = payload.webhookTimestamp
    if (typeof signedAt !== 'number' || !Number.isFinite(signedAt)) return unauthorized('Refused: the body has no webhookTimestamp; Linear puts the time of every delivery in it.')
    const guard = replayGuard({ state, now, windowMs: DELIVERY_WINDOW_MS, keepMs: REMEMBERED_MS })
    const deliveryId = request.headers.get('linear-delivery')
    const refusal = (await guard.admit({ body, signedAt })) ?? (deliveryId && DELIVERY_ID.test(deliveryId) ? await guard.admit({ body, deliveryId }) : null)
    return refusal ? unauthorized(refusal.message) : body
  }
}
