/** A value `keptValues` fetched, and how long it stays fresh (ms). */
export type Fetched<T> = { value: T; keepMs: number }

/**
 * Values a piece fetches from its platform and keeps (a bot token per scope, a signing-key
 * document): `get(key)` answers the kept value while it is fresh, else fetches it once, however
 * many callers ask meanwhile (one request in flight per key); `fetch` says how long its value
 * stays fresh. A fetch that failed is kept `retryMs` (default 0: not kept), its error thrown again
 * meanwhile, so that a platform out of reach is not asked on every request.
 */
export function keptValues<T>({ fetch, retryMs = 0, now }: { fetch: (key: string) => Promise<Fetched<T>>; retryMs?: number; now: () => number }): (key: string) => Promise<T> {
  const kept = new Map<string, { value: T; until: number }>()
  const failed = new Map<string, { error: unknown; until: number }>()
  const inFlight = new Map<string, Promise<T>>()
  const ask = async (key: string): Promise<T> => {
    try {
      const { value, keepMs } = await fetch(key)
      kept.set(key, { value, until: now() + keepMs })
      failed.delete(key)
      return value
    } catch (error) {
      if (retryMs > 0) failed.set(key, { error, until: now() + retryMs })
      throw error
    }
  }
  return async (key) => {
    const value = kept.get(key)
    if (value && now() < value.until) return value.value
    const failure = failed.get(key)
    if (failure && now() < failure.until) throw failure.error
    let pending = inFlight.get(key)
    if (!pending) inFlight.set(key, (pending = ask(key).finally(() => inFlight.delete(key))))
    return pending
  }
}
