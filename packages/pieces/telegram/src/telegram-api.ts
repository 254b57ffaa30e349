import { jsonCall, PlatformError } from 'frogbot/channels'

/** How long one Bot API request may take, at most (ms); a card drawing then ends well before its claim lapses (`CARD_CLAIM_TTL_MS`). */
export const REQUEST_TIMEOUT_MS = 10_000

/**
 * The piece's own Bot API client (`{apiUrl}/bot{token}/{method}`, JSON, by the kit's `jsonCall`),
 * for what it draws and reads beside Chat SDK's replies: `call(method, payload)` resolves to the
 * method's `result`, or rejects with the kit's `PlatformError` when the Bot API refuses
 * (`{ ok: false, error_code, description }`: Telegram's description, its `error_code` as the
 * status, 401 for a token Telegram does not accept), or an Error saying Telegram could not be
 * reached; each request is bounded to {@link REQUEST_TIMEOUT_MS} (a long poll to `timeoutMs`) and
 * ends when `signal` aborts.
 */
export function telegramApi({ apiUrl, botToken }: { apiUrl: string; botToken: string }) {
  return async <T>(method: string, payload: Record<string, unknown> = {}, { timeoutMs = REQUEST_TIMEOUT_MS, signal }: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<T> => {
    type Answer = { ok?: boolean; result?: T; error_code?: number; description?: string }
    const { status, answer } = await jsonCall<Answer>(`${apiUrl}/bot${botToken}/${method}`, { method: 'POST', json: payload, timeoutMs, signal }).catch(() => {
      throw new Error(`Network error calling Telegram ${method}`)
    })
    if (!answer?.ok) throw new PlatformError(answer?.description ?? `Telegram answered ${method} with ${status}`, answer?.error_code ?? status)
    return answer.result as T
  }
}

/** See {@link telegramApi}. */
export type TelegramApi = ReturnType<typeof telegramApi>
