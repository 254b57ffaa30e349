import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import type { ChatStore } from '../store/chat-store.ts'
import type { AttachedPiece } from '../contract/piece.ts'
import type { LiveStreams } from '../contract/live-streams.ts'
import type { EngineEvent } from '../contract/engine-events.ts'

/**
 * What the turn engine runs on, one per FrogBot instance.
 * - `store`: the chats (the source of truth); `now`, `newId`: the injected clock and id source.
 * - `leaseMs`: how long a running turn holds its chat without renewing it.
 * - `queueLimit`: most messages a chat's queue holds (the queue is bounded: `429 queue-full`).
 * - `agents`: by slug; `pieces`: the channel pieces by instance name, each with its agent.
 * - `processId`: tells this process's leases apart; `activeRuns`: abort controllers of the turns
 *   this process runs, by lease owner (a Stop aborts exactly the run it was for); `turnsInFlight`:
 *   their results until they settle (`close` waits for them).
 * - `closing`: set by the engine's `close`; from then on no work starts (`closed` errors) and
 *   turns that start anyway end at once as stopped.
 * - `live`: where running turns publish their chunks for clients that join late.
 * - `emit`: where the engine tells its listeners what happened (see {@link EngineEvent}: the
 *   config's `onAwaitingInput`, the channel pieces); `log`: where unexpected errors go, one line
 *   each; `debug`: where their details go (a model error's stack), when someone asked for them.
 * - `kickQueue`: starts a chat's next queued message when the chat is free; resolves whether one
 *   started (set up by `createEngine`).
 */
export type TurnServices = {
  store: ChatStore
  now: () => Date
  newId: (prefix: string) => string
  leaseMs: number
  queueLimit: number
  agents: Map<string, ResolvedAgent>
  pieces: Map<string, AttachedPiece>
  processId: string
  activeRuns: Map<string, AbortController>
  turnsInFlight: Set<Promise<unknown>>
  closing: boolean
  live: LiveStreams
  emit: (event: EngineEvent) => void
  log: (line: string) => void
  debug?: (line: string) => void
  kickQueue: (chatId: string) => Promise<boolean>
}

/**
 * Why a turn's stop signal fired when FrogBot shuts down (its `close`), not a person's Stop:
 * the abort reason `close` gives every turn this process runs. `graceOver` settles when the
 * shutdown's grace for a server tool already running has passed: a turn waits for such a tool
 * until then (its `abortSignal` fires then), and stores its result if it finished
 * (docs/chat/turns.md).
 */
export class ShutdownStop extends Error {
  /** Settles when the grace for server tools still running is over. */
  readonly graceOver: Promise<unknown>

  constructor(graceOver: Promise<unknown>) {
    super('FrogBot is shutting down.')
    this.name = 'ShutdownStop'
    this.graceOver = graceOver
  }
}

/**
 * The shutdown that stopped a turn whose stop signal is `signal` (see {@link ShutdownStop}), or
 * `null` (not stopped, or stopped by a Stop).
 */
export function shutdownOf(signal: AbortSignal): ShutdownStop | null {
  return signal.aborted && signal.reason instanceof ShutdownStop ? signal.reason : null
}

/** The ISO time `ms` milliseconds from now on the services' clock. */
export function isoIn(services: Pick<TurnServices, 'now'>, ms = 0): string {
  return new Date(services.now().getTime() + ms).toISOString()
}

/**
 * A new lease holder id, one per run of a turn: this process, a random part, and after a `/` the
 * assistant message the run writes (`messageId`: the message a continuation continues; by default
 * a fresh id, the id of the new message a turn starts). A Stop naming a message compares it with
 * the running turn's in one read of the chat, whichever process runs it (see {@link runMessageOf}).
 */
export function newLeaseOwner(
  services: Pick<TurnServices, 'processId' | 'newId'>,
  messageId = services.newId('msg')
): string {
  return `${services.processId}:${services.newId('lease')}/${encodeURIComponent(messageId)}`
}

/**
 * The assistant message a run writes, as its lease owner names it (see {@link newLeaseOwner}), or
 * `null` for a lease owner that names none: one an older FrogBot wrote, before lease owners did
 * (told apart by its lack of a `/`, which FrogBot's own ids never hold).
 */
export function runMessageOf(leaseOwner: string): string | null {
  const at = leaseOwner.lastIndexOf('/')
  if (at < 0) return null
  try {
    return decodeURIComponent(leaseOwner.slice(at + 1))
  } catch {
    return null
  }
}
