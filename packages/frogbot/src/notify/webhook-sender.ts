import { createHmac, timingSafeEqual } from 'node:crypto'

/** The header a notice webhook request is signed in. */
export const SIGNATURE_HEADER = 'frogbot-signature'

/** How old a signature may be for {@link verifyWebhookSignature}, in seconds (5 minutes). */
export const SIGNATURE_TOLERANCE_SECONDS = 300

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with secret>`: the value of {@link SIGNATURE_HEADER}. */
export function signWebhook({ body, secret, seconds }: { body: string; secret: string; seconds: number }): string {
  return `t=${seconds},v1=${createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex')}`
}

/**
 * Whether a notice webhook request is FrogBot's (docs/chat/reach-people.md "Webhook"): the header
 * `frogbot-signature` holds `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` made with `secret`
 * over the raw `body`, and `t` is at most 5 minutes from `now` (a replayed old request fails).
 */
export function verifyWebhookSignature({ header, body, secret, now = new Date() }: { header: string | null | undefined; body: string; secret: string; now?: Date }): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]))
  const seconds = Number(parts.t)
  if (!Number.isInteger(seconds) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false
  if (Math.abs(now.getTime() / 1000 - seconds) > SIGNATURE_TOLERANCE_SECONDS) return false
  const expected = signWebhook({ body, secret, seconds }).slice(`t=${seconds},v1=`.length)
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(parts.v1, 'hex'))
}

/** A notice event as the webhook receives it (its JSON body); `id` stays the same across retries. */
export type WebhookEvent = { type: string; id: string } & Record<string, unknown>

/**
 * Posts events to `url`, signed with `secret` afresh at each attempt. A network error, a timeout
 * (10 s), a 408, 429 or 5xx answer is retried after each of `retryDelaysMs` (default 1 s, 5 s,
 * 30 s); another 4xx is not. Resolves whether the receiver took it (2xx); a failure is logged.
 */
export function webhookSender({ url, secret, log, now, retryDelaysMs = [1000, 5000, 30_000] }: { url: string; secret: string; log: (line: string) => void; now: () => Date; retryDelaysMs?: number[] }) {
  return async (event: WebhookEvent): Promise<boolean> => {
    const body = JSON.stringify(event)
    let why = ''
    for (let attempt = 0; ; attempt++) {
      try {
        const signature = signWebhook({ body, secret, seconds: Math.floor(now().getTime() / 1000) })
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, body, signal: AbortSignal.timeout(10_000) })
        await response.body?.cancel().catch(() => {})
        if (response.ok) return true
        why = `status ${response.status}`
        if (response.status < 500 && response.status !== 408 && response.status !== 429) break
      } catch (error) {
        why = error instanceof Error ? error.message : String(error)
      }
      if (attempt >= retryDelaysMs.length) {
        log(`frogbot: webhook ${event.type} ${event.id} to ${url} failed after ${attempt + 1} attempts (${why})`)
        return false
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]))
    }
    log(`frogbot: webhook ${event.type} ${event.id} to ${url} was refused (${why}); not retried`)
    return false
  }
}
