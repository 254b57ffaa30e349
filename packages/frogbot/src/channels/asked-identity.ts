import { errorText } from '../text/error-text.ts'
import { keptValues } from './kept-values.ts'

/** How long a caller waits for the bot's identity by default, at most (ms). */
export const IDENTITY_TIMEOUT_MS = 10_000

/** How long a failed identity lookup stands by default before the platform is asked again, at most (ms). */
export const IDENTITY_RETRY_MS = 60_000

/** What the bot's identity lookup came to: known, refused by the platform (the credentials), or the platform not reached. */
export type IdentityOutcome = { kind: 'known' } | { kind: 'refused' | 'unreachable'; reason: string }

/** An identity lookup that failed (see {@link IdentityOutcome}). */
export type IdentityFailure = Exclude<IdentityOutcome, { kind: 'known' }>

/** What {@link within} resolves to once its time is up. */
const LATE = Symbol('late')

/** `promise`'s value, or {@link LATE} once `ms` passed without one (the timer never keeps the process alive). */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms)
    timer.unref?.()
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The bot's identity on its platform (Slack's `auth.test`, Telegram's `getMe`, a Bot Framework
 * token), asked lazily, so that a wrong credential shows in the log before anyone writes and a
 * platform out of reach delays nobody for long:
 * - `known()`: whether the identity is known (then nothing is asked);
 * - `ask()`: asks the platform once; resolves to why it failed (an error, or anything thrown), or
 *   `null` when it did not; `what` names the lookup (`auth.test`) for the error of a throw without one;
 * - `refused(error)`: whether the platform refused the credentials (a `refused` failure), rather
 *   than not answering (`unreachable`);
 * - `onFailure(failure)`: told once per kind of failure, and again only once it changed kind: a
 *   refused token, or an outage, is one log line, not one a minute.
 * The function returned resolves within `timeoutMs` (default {@link IDENTITY_TIMEOUT_MS}) whatever
 * the platform does (an answer that comes later still counts: `known()` is asked again), to
 * `known`, or the failure: `refused` with the error's text, `unreachable` with it or with
 * "no answer within <s> s". Callers share one request in flight (`keptValues`), and a failure is
 * kept `retryMs` (default {@link IDENTITY_RETRY_MS}): callers meanwhile get it at once, and the
 * next caller after that asks again.
 */
export function askedIdentity({ known, ask, refused, what, now, onFailure, timeoutMs = IDENTITY_TIMEOUT_MS, retryMs = IDENTITY_RETRY_MS }: {
  known: () => boolean
  ask: () => Promise<unknown>
  refused: (error: unknown) => boolean
  what: string
  now: () => number
  onFailure: (failure: IdentityFailure) => void
  timeoutMs?: number
  retryMs?: number
}): () => Promise<IdentityOutcome> {
  let told: IdentityFailure['kind'] | null = null
  const attempt = keptValues<IdentityOutcome>({
    now,
    retryMs,
    fetch: async () => {
      const error = await within(timeoutMs, ask().catch((error: unknown) => error ?? new Error(`${what} failed`)))
      if (!error && known()) return { value: { kind: 'known' }, keepMs: 0 }
      const failure: IdentityFailure =
        error === LATE ? { kind: 'unreachable', reason: `no answer within ${timeoutMs / 1000} s` } : { kind: refused(error) ? 'refused' : 'unreachable', reason: errorText(error) }
      if (told !== failure.kind) onFailure(failure)
      told = failure.kind
      throw failure
    }
  })
  return async () => (known() ? { kind: 'known' } : attempt(what).catch((failure: IdentityFailure) => failure))
}
