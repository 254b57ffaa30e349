/** How long one Bot API request may take, at most (ms); a card drawing then ends well before its claim lapses (`CARD_CLAIM_TTL_MS`). */
export const REQUEST_TIMEOUT_MS = 10_000

/** A refusal of the Bot API (`{ ok: false, error_code, description }`): its `status` (401 for a token Telegram does not accept) and description. */
export class TelegramApiError extends Error {
  readonly status: number
  constructor(status: number, description: string) {
    super(description)
    this.status = status
  }
}

/**
 * The piece's own Bot API client (`{apiUrl}/bot{token}/{method}`, JSON), for what it draws and
 * reads beside Chat SDK's replies: `call(method, payload)` resolves to the method's `result`, or
 * rejects with a {@link TelegramApiError} (Telegram's description), or an Error saying Telegram
 * could not be reached; each request is bounded to {@link REQUEST_TIMEOUT_MS} (a long poll to
 * `timeoutMs`) and ends when `signal` aborts.
 */
export function telegramApi({ apiUrl, botToken }: { apiUrl: string; botToken: string }) {
  return async <T>(method: string, payload: Record<string, unknown> = {}, { timeoutMs = REQUEST_TIMEOUT_MS, signal }: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<T> => {
    let response: Response
    try {
      const bounded = AbortSignal.timeout(timeoutMs)
      const body = JSON.stringify(payload)
      response = await fetch(`${apiUrl}/bot${botToken}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: signal ? AbortSignal.any([bounded, signal]) : bounded })
    } catch {
      throw new Error(`Network error calling Telegram ${method}`)
    }
    const answer = (await response.json().catch(() => null)) as { ok?: boolean; result?: T; error_code?: number; description?: string } | null
    if (!answer?.ok) throw new TelegramApiError(answer?.error_code ?? response.status, answer?.description ?? `Telegram answered ${method} with ${response.status}`)
    return answer.result as T
  }
}

/** See {@link telegramApi}. */
export type TelegramApi = ReturnType<typeof telegramApi>
