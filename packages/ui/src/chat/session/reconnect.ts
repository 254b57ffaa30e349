/** How long the first retry waits after the server could not be reached, and the longest wait, in milliseconds. */
export const RETRY_FIRST_MS = 1000
export const RETRY_MAX_MS = 8000

/**
 * Asks the server again, after waits that double up to {@link RETRY_MAX_MS}, until `probe`
 * resolves (any answer from the server, a refusal included, means it is back); then calls
 * `onBack` once. `retryNow()` asks at once; `stop()` gives up.
 */
export function reconnect({ probe, onBack }: { probe: () => Promise<unknown>; onBack: () => void }) {
  let wait = RETRY_FIRST_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  let asking = false
  const ask = async () => {
    if (stopped || asking) return
    asking = true
    clearTimeout(timer)
    try {
      await probe()
      stopped = true
      onBack()
    } catch {
      wait = Math.min(wait * 2, RETRY_MAX_MS)
      if (!stopped) timer = setTimeout(() => void ask(), wait)
    } finally {
      asking = false
    }
  }
  timer = setTimeout(() => void ask(), wait)
  return {
    retryNow: () => void ask(),
    stop: () => {
      stopped = true
      clearTimeout(timer)
    }
  }
}
