/** How often one reason for refusing a webhook request is logged, at most (ms). */
export const REFUSAL_LOG_EVERY_MS = 60_000

/** How many distinct reasons are logged within {@link REFUSAL_LOG_EVERY_MS}, at most: forged requests cannot flood the log with made-up ones. */
export const REFUSAL_REASONS_PER_WINDOW = 20

/**
 * Logs why a request to a piece's webhook was refused, each distinct reason at most once a minute:
 * enough to see a wrong signing secret or a clock minutes off while setting a platform up, without
 * a line per forged request, and an unsigned probe's refusal never hides a wrong secret's seconds
 * later. At most {@link REFUSAL_REASONS_PER_WINDOW} distinct reasons are logged a minute. `log`
 * takes the line without FrogBot's prefix.
 */
export function refusalLog({ instance, now, log }: { instance: string; now: () => number; log: (line: string) => void }): (why: string) => void {
  const lastLogged = new Map<string, number>()
  return (why) => {
    const at = now()
    for (const [reason, loggedAt] of lastLogged) {
      if (at - loggedAt >= REFUSAL_LOG_EVERY_MS) lastLogged.delete(reason)
    }
    if (lastLogged.has(why) || lastLogged.size >= REFUSAL_REASONS_PER_WINDOW) return
    lastLogged.set(why, at)
    log(`refused a request to /api/webhooks/${instance}: ${why}`)
  }
}
