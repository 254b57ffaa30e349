import { createFrogbot } from '../frogbot.ts'
import { loadConfig } from './load-config.ts'
import { leaseFromEnv } from './serve-command.ts'
import { stopSignal } from './stop-signal.ts'

/**
 * `frogbot channels:run`: runs only the listeners of the config's channel pieces (their
 * long-running connections: Discord's Gateway, Telegram's long polling), in a process of its own,
 * until SIGINT or SIGTERM; no HTTP. Each listener is held by one process at a time across every
 * server on the database (this one, or a `frogbot serve`), and handed over when the holder
 * stops. What a listener hears runs here like any message: turns, replies, cards. Exit code 1
 * when no piece of the config has a listener.
 */
export async function channelsRunCommand(options: { config?: string }): Promise<number> {
  const log = (line: string) => console.log(`frogbot: ${line}`)
  const config = await loadConfig(options.config)
  const listening = config.agents.flatMap((agent) => (agent.channels ?? []).filter((piece) => piece.listen !== undefined).map((piece) => piece.instance))
  if (listening.length === 0) {
    const pieces = config.agents.flatMap((agent) => agent.channels ?? []).map((piece) => piece.instance)
    console.error(`frogbot channels:run: no channel piece of this config has a listener${pieces.length > 0 ? ` (${pieces.join(', ')} take their platform's requests at /api/webhooks/<instance>, which frogbot serve serves)` : ''}; nothing to run`)
    return 1
  }
  // Listened for before the listeners start: a SIGTERM as soon as they run stops them cleanly.
  const stopRequested = stopSignal({ onForce: (signal) => log(`${signal} again: exiting now, without writing out running replies`) })
  const frogbot = await createFrogbot(config, { log: (line) => console.error(line), debug: process.env.FROGBOT_DEBUG ? (line) => console.error(line) : undefined, leaseMs: leaseFromEnv(process.env.FROGBOT_LEASE_MS), listen: true })
  for (const line of frogbot.describe()) log(line)
  log(`running the listeners of ${listening.join(', ')} (one process at a time holds each; stop with Ctrl-C)`)
  // No server holds the process open here: while a listener waits for its lease, this does.
  const alive = setInterval(() => {}, 60_000)
  const lost = await Promise.race([stopRequested.then(() => null), frogbot.stopped])
  clearInterval(alive)
  log(lost ? 'shutting down: the database is gone (see above)' : 'shutting down')
  await frogbot.close()
  return lost ? 1 : 0
}
