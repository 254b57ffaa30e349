/**
 * Background work of a piece (webhook handlers after the ack, replies as they stream, drawings,
 * rescans): `track(work)` keeps it until it settles (its failure is the caller's to handle;
 * tracking it raises none), `idle()` resolves once none is left (shutdown waits for it; tests too).
 */
export function workTracker() {
  const tasks = new Set<Promise<unknown>>()
  return {
    track: <T>(work: Promise<T>): Promise<T> => {
      const tracked = work.finally(() => tasks.delete(tracked))
      tasks.add(tracked)
      tracked.catch(() => {})
      return tracked
    },
    idle: async () => {
      while (tasks.size > 0) await Promise.allSettled([...tasks])
    }
  }
}

/** See {@link workTracker}. */
export type WorkTracker = ReturnType<typeof workTracker>
