import type { ChannelLock, ChannelState } from '../contract/channel-state.ts'
import type { AttachedPiece } from '../contract/piece.ts'
import { errorText } from '../text/error-text.ts'

/** How long a process holds a piece's listener lease without renewing it (ms): another process takes over this long after a crash. */
export const LISTENER_LEASE_MS = 30_000

/** How often a process that does not hold a listener's lease tries to take it (ms), at most: a listener a stopped process let go runs again this soon. */
const TAKE_OVER_EVERY_MS = 5000

/** The longest pause before a listener whose connection ended is started again (ms). */
const RESTART_MAX_MS = 60_000

/** The lease key of a piece's listener in its state. */
const LEASE = 'frogbot:listener'


/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    timer.unref?.()
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

/**
 * Runs `listen` while `held` is not aborted: when the connection ends (it returns) or fails (it
 * throws), that is logged and it starts again after a pause that doubles from 1 s up to a minute
 * (back to 1 s after a run that lasted a minute). Never fatal.
 */
async function keepListening(listen: NonNullable<AttachedPiece['piece']['listen']>, held: AbortSignal, log: (line: string) => void) {
  let wait = 1000
  while (!held.aborted) {
    const started = Date.now()
    let ended = 'its connection ended'
    try {
      await listen({ signal: held })
    } catch (error) {
      ended = `its connection failed (${errorText(error)})`
    }
    if (held.aborted) return
    if (Date.now() - started >= RESTART_MAX_MS) wait = 1000
    log(`listener: ${ended}; starting it again in ${Math.round(wait / 1000)} s`)
    await pause(wait, held)
    wait = Math.min(wait * 2, RESTART_MAX_MS)
  }
}

/** Holds `lock` (renewing it a third of the lease at a time) while `work` runs; aborts `work` when the lease is lost or `signal` aborts, then lets it go. */
async function whileHolding(state: ChannelState, lock: ChannelLock, { leaseMs, signal, log }: { leaseMs: number; signal: AbortSignal; log: (line: string) => void }, work: (held: AbortSignal) => Promise<void>) {
  const held = new AbortController()
  const stop = () => held.abort()
  signal.addEventListener('abort', stop, { once: true })
  const renew = setInterval(() => {
    state.extendLock(lock, leaseMs).then(
      (kept) => {
        if (kept || held.signal.aborted) return
        log('listener: another process took over its lease; stopping here')
        held.abort()
      },
      (error: unknown) => log(`listener: could not renew its lease: ${errorText(error)}`)
    )
  }, leaseMs / 3)
  renew.unref?.()
  try {
    await work(held.signal)
  } finally {
    clearInterval(renew)
    signal.removeEventListener('abort', stop)
    await state.releaseLock(lock).catch(() => {})
  }
}

/**
 * Runs a piece's listener (`ChannelPiece.listen`: Discord's Gateway, Telegram's long polling) in
 * one process at a time across every server on the database: the process that takes the lease
 * in the piece's state runs it and renews the lease; the others try again every few seconds (at
 * most half a lease). When the running process stops (`signal`), the lease is let go for another
 * to take on its next try; when it dies, another takes it once the lease passed. Resolves once `signal` aborted and the listener
 * stopped.
 */
export async function hostListener(attached: AttachedPiece, { state, signal, log, leaseMs = LISTENER_LEASE_MS }: { state: ChannelState; signal: AbortSignal; log: (line: string) => void; leaseMs?: number }): Promise<void> {
  const { piece } = attached
  if (!piece.listen) return
  const listen = piece.listen.bind(piece)
  const prefixed = (line: string) => log(`frogbot: ${piece.piece} ${piece.instance}: ${line}`)
  while (!signal.aborted) {
    const lock = await state.acquireLock(LEASE, leaseMs).catch((error: unknown) => {
      prefixed(`listener: could not take its lease: ${errorText(error)}`)
      return null
    })
    if (!lock) {
      await pause(Math.min(leaseMs / 2, TAKE_OVER_EVERY_MS), signal)
      continue
    }
    await whileHolding(state, lock, { leaseMs, signal, log: prefixed }, (held) => keepListening(listen, held, prefixed))
  }
}
