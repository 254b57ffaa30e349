/** How often a refused webhook request is logged, at most (ms). */
export const REFUSAL_LOG_EVERY_MS = 60_000

/**
 * Logs why a request to a piece's webhook was refused, at most once a minute: enough to see a
 * wrong signing secret or a clock minutes off while setting a platform up, without a line per
 * forged request. `log` takes the line without FrogBot's prefix.
 */
export function refusalLog({ instance, now, log }: { instance: string; now: () => number; log: (line: string) => void }): (why: string) => void {
  let last: number | null = null
  return (why) => {
    if (last !== null && now() - last < REFUSAL_LOG_EVERY_MS) return
    last = now()
    log(`refused a request to /api/webhooks/${instance}: ${why}`)
  }
}
