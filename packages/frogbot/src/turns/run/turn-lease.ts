import { isoIn, type TurnServices } from '../services.ts'

/**
 * Keeps the lease of a running turn (docs/chat/turns.md: a turn that dies with its process must not leave the
 * chat stuck) and notices a stop asked through another process: every third of the lease (between
 * 50 ms and 1 s) the lease is renewed, and `abort` fires once it is lost or a stop was requested.
 * Returns the function that stops it.
 */
export function keepLease(services: Pick<TurnServices, 'store' | 'now' | 'leaseMs'>, { chatId, leaseOwner, abort }: { chatId: string; leaseOwner: string; abort: AbortController }): () => void {
  const heartbeat = setInterval(() => {
    services.store
      .renewLease({ chatId, leaseOwner, leaseUntil: isoIn(services, services.leaseMs) })
      .then(async (held) => {
        if (!held || (await services.store.isStopRequested(chatId))) abort.abort()
      })
      .catch(() => {})
  }, Math.max(50, Math.min(1000, Math.floor(services.leaseMs / 3))))
  heartbeat.unref()
  return () => clearInterval(heartbeat)
}
