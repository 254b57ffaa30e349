// Percentiles and CPU time of a stretch of work.

/** The `p`th percentile (0–100) of `samples`, nearest rank; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** The median of `samples`. */
export const p50 = (samples: readonly number[]) => percentile(samples, 50)

/** The 99th percentile of `samples`. */
export const p99 = (samples: readonly number[]) => percentile(samples, 99)

/** Starts a CPU clock of this process (user + system); `stop()` gives the ms used since. */
export function cpuClock() {
  const start = process.cpuUsage()
  return { stop: () => { const used = process.cpuUsage(start); return (used.user + used.system) / 1000 } }
}

/** Lets pending I/O callbacks and timers of the work just done run (a turn's end write, a checkpoint). */
export const settleDown = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms))
