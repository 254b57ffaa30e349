/**
 * Resolves on the first SIGINT or SIGTERM, for a command that shuts down cleanly (`frogbot serve`,
 * `frogbot channels:run`: docs/project/guarantees.md, "No chat stuck").
 *
 * A signal that comes within `graceMs` (milliseconds, default 2000) of the first is the same stop,
 * not a second one: one Ctrl-C under `npm start` reaches the server from the terminal and again from
 * each npm layer that relays it, and the default action of that repeated SIGINT used to end the
 * process before its running replies were written out. A signal after `graceMs` (a person pressing
 * Ctrl-C again while a shutdown hangs) calls `onForce` and ends the process at once, with exit code
 * 130 (128 + SIGINT) or 143 (128 + SIGTERM).
 */
export function stopSignal({ graceMs = 2000, onForce }: { graceMs?: number; onForce: (signal: NodeJS.Signals) => void }): Promise<void> {
  return new Promise((resolve) => {
    let first: number | null = null
    const onSignal = (signal: NodeJS.Signals) => {
      if (first === null) {
        first = Date.now()
        return resolve()
      }
      if (Date.now() - first < graceMs) return
      onForce(signal)
      process.exit(signal === 'SIGTERM' ? 143 : 130)
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
  })
}
