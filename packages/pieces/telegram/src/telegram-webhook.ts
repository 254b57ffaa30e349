import {
  badRequest, FRESHNESS_WINDOW_MS, type PieceContext, refusedRequest, replayGuard, sameSecret, unauthorized
} from 'frogbot/channels'
import { readUpdate } from './telegram-updates.ts'

/**
 * How old an update may be, at most (ms): the time Telegram gives a message (its `date`, inside
 * the body) is the only time an update carries, and the secret token is the same for every
 * update, so an update captured with its header must not be accepted under a new `update_id` for
 * long. Five minutes, FrogBot's window for signed times.
 */
export const UPDATE_WINDOW_MS = FRESHNESS_WINDOW_MS

/** The header Telegram sends the webhook's secret token in (Bot API `setWebhook`, `secret_token`). */
const HEADER = 'X-Telegram-Bot-Api-Secret-Token'

/**
 * Why an update without the secret token's header, or with another secret, is refused: the log's
 * reason, what to do if Telegram sent it, and the reason the sender is told (see `refusedRequest`).
 */
const REFUSALS: Record<'missing' | 'other', [reason: string, remedy: string, told: string]> = {
  missing: [`the update has no ${HEADER} header`, 'Telegram sends it only when the webhook was registered with a secret_token: register it again with setWebhook and TELEGRAM_WEBHOOK_SECRET_TOKEN', `the request has no ${HEADER} header`],
  other: [`the ${HEADER} header is not TELEGRAM_WEBHOOK_SECRET_TOKEN`, 'if Telegram sent it, the webhook was registered with another secret_token: register it again with setWebhook', `the ${HEADER} header is not the webhook secret`]
}

/** How long an update id, a message and a button press are remembered (ms): Telegram keeps an undelivered update 24 hours. */
const REMEMBERED_MS = 24 * 60 * 60_000 + 60_000

/**
 * Checks an update sent to the Telegram webhook before anything reads it (docs/pieces/telegram.md):
 * 1. the `X-Telegram-Bot-Api-Secret-Token` header must be the webhook's secret token, compared
 *    in constant time (the kit's `sameSecret`), else the kit's `refusedRequest`: `401` (logged at
 *    most once a minute, with what to do);
 * 2. a body that is not an update Telegram sends is `400` (see `readUpdate`);
 * 3. an update whose message was written more than {@link UPDATE_WINDOW_MS} away from now is
 *    `401`; then the kit's replay guard, on the `update_id` (Telegram keeps it when it delivers
 *    an update again) and on what the update is about (the chat and message id, or the button
 *    press id), so that a captured update re-sent under a new `update_id` is refused too: an
 *    update seen before is `401` and changes nothing.
 * Returns the body to hand on, or the refusal. `botId`: the numeric id in the bot's token, so that
 * two bots never share an update id.
 */
export function telegramVerifier({ secretToken, botId }: { secretToken: string; botId: string }) {
  return async (request: Request, { state, now, refused }: Pick<PieceContext, 'state' | 'now' | 'refused'>): Promise<string | Response> => {
    const body = await request.text()
    const given = request.headers.get(HEADER)
    if (!sameSecret(given, secretToken)) return refusedRequest(refused, ...REFUSALS[given === null ? 'missing' : 'other'])
    const update = readUpdate(body)
    if ('problem' in update) return badRequest(`Refused: ${update.problem}.`)
    if (update.sentAt !== undefined && Math.abs(now() - update.sentAt) > UPDATE_WINDOW_MS) {
      return unauthorized(`Refused: the update's message was sent more than ${Math.round(UPDATE_WINDOW_MS / 60_000)} minutes from this server's time.`)
    }
    const guard = replayGuard({ state, now, keepMs: REMEMBERED_MS })
    const refusal = (await guard.admit({ body, deliveryId: `telegram:${botId}:update:${update.updateId}` })) ?? (update.about ? await guard.admit({ body, deliveryId: `telegram:${botId}:${update.about}` }) : null)
    return refusal ? unauthorized(refusal.message) : body
  }
}
