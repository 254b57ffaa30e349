import type { ChannelState } from '../contract/channel-state.ts'
import type { EngineEvent } from '../contract/engine-events.ts'
import type { ChannelPiece, DirectMessages, PieceEngine } from '../contract/piece.ts'
import type { ReplyReader } from './answers/reply-readers.ts'
import { refusalLog } from './refusal-log.ts'
import { REDRAW_EVERY_MS } from './runtime/card-drawing.ts'
import type { PieceDrawing } from './runtime/piece-drawing.ts'
import type { OpenDirect } from './runtime/direct-cards.ts'
import { pieceRuntime, type PieceRuntime } from './runtime/piece-runtime.ts'
import { releasedOnFailure } from './replay-guard.ts'

/** How long a piece's shutdown waits for its background work (replies, drawings, handlers), at most (ms). */
export const CLOSE_GRACE_MS = 5000

/**
 * What a piece gets when FrogBot starts it (see {@link createPiece}):
 * - `engine`: what it may do ({@link PieceEngine}); `state`: its own state (`engine.state`);
 * - `runtime`: the shared half of a piece (messages, answers, cards, partial answers, rescans);
 * - `now`: the piece's clock (ms since the epoch), for signatures' freshness too;
 * - `log(line)`: FrogBot's log, the line prefixed with `frogbot: <piece> <instance>: `;
 * - `refused(why)`: logs a refused webhook request, each distinct `why` at most once a minute;
 * - `track(work)`: keeps background work until it settles (shutdown waits for it).
 */
export type PieceContext = {
  engine: PieceEngine
  state: ChannelState
  runtime: PieceRuntime
  now: () => number
  log: (line: string) => void
  refused: (why: string) => void
  track: <T>(work: Promise<T>) => Promise<T>
}

/**
 * A started piece: how it draws, and its doors. `webhook`: the platform's requests (verified by
 * the piece); `listen`: its long-running connection, if the spec `listens`; `onRescan`: called
 * every {@link REDRAW_EVERY_MS} with the rescan timer; `openThread`: starts a conversation (see
 * `ChannelPiece.openThread`), if the spec `opensThreads`; `close`: once its background work is
 * done (or the grace passed), to let go of the platform's clients.
 */
export type PieceSession = {
  drawing: PieceDrawing
  openThread?: ChannelPiece['openThread']
  webhook?: (request: Request) => Promise<Response>
  listen?: (options: { signal: AbortSignal }) => Promise<void>
  onRescan?: () => void
  close?: () => void | Promise<void>
}

/**
 * What a piece is: its names and identity (as in {@link ChannelPiece}), which client tool kinds
 * its threads can answer (default: `question` only), its clock (`now`, default `Date.now`),
 * `readReply` (how a thread message is read as an answer to a waiting question, if at all),
 * `listens` (it has a long-running connection: its session's `listen`), `opensThreads` (it starts
 * conversations: its session's `openThread`), `describe` (its start-up lines) and `start`, which sets it up on a {@link PieceContext} and returns its session.
 * `openDirect` (a piece that can send direct messages): finds a person on the platform and
 * returns the thread of a direct conversation with them, or `undefined` when they are unknown
 * there; the kit then draws cards in it for `notify.pieces` (the piece's `directMessages`).
 */
export type PieceSpec = Pick<ChannelPiece, 'piece' | 'instance' | 'label' | 'identity' | 'describe'> & {
  supportsKind?: (kind: string) => boolean
  now?: () => number
  readReply?: ReplyReader
  listens?: boolean
  opensThreads?: boolean
  closeGraceMs?: number
  openDirect?: OpenDirect
  start: (context: PieceContext) => PieceSession | Promise<PieceSession>
}

/** A piece made with the kit: a {@link ChannelPiece}, plus `idle()`, which resolves once no background work of it is left (tests). */
export type KitPiece = ChannelPiece & { idle: () => Promise<void> }

type Running = { runtime: PieceRuntime; session: PieceSession; stop: () => Promise<void> }

const within = (work: Promise<unknown>, ms: number) => Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())])

/** A drawing's approval cards; a piece without them never gets approval calls (its `supportsKind` leaves them out). */
const approvalsOf = (drawing: PieceDrawing) => {
  if (!drawing.approvals) throw new Error('the piece draws no approvals')
  return drawing.approvals
}

/** A session's drawing, for a runtime made before the session (it draws only once the session is there). */
function laterDrawing(session: () => PieceSession | null): PieceDrawing {
  const drawing = () => {
    const current = session()
    if (!current) throw new Error('the piece has not started')
    return current.drawing
  }
  return {
    reply: (options) => drawing().reply(options),
    drawCall: (options) => drawing().drawCall(options),
    drawSettled: (options) => drawing().drawSettled(options),
    notify: (options) => drawing().notify(options),
    drawPartial: async (options) => drawing().drawPartial?.(options),
    approvals: {
      draw: (options) => approvalsOf(drawing()).draw(options),
      drawSettled: (options) => approvalsOf(drawing()).drawSettled(options),
      drawVotes: async (options) => approvalsOf(drawing()).drawVotes?.(options)
    }
  }
}

/** Starts `spec` on `engine`: its runtime, its session, a rescan now and on a timer. */
async function open(spec: PieceSpec, engine: PieceEngine): Promise<Running> {
  const now = spec.now ?? Date.now
  const log = (line: string) => engine.log(`frogbot: ${spec.piece} ${spec.instance}: ${line}`)
  let session: PieceSession | null = null
  const runtime = pieceRuntime({ engine, drawing: laterDrawing(() => session), identity: spec.identity, platform: spec.label, log, now, readReply: spec.readReply, openDirect: spec.openDirect })
  const context: PieceContext = { engine, state: engine.state, runtime, now, log, refused: refusalLog({ instance: spec.instance, now, log }), track: runtime.track }
  session = await spec.start(context)
  runtime.redraw()
  const timer = setInterval(() => {
    runtime.redrawNowAndThen()
    session!.onRescan?.()
  }, REDRAW_EVERY_MS)
  timer.unref()
  const stop = async () => {
    clearInterval(timer)
    await within(runtime.idle(), spec.closeGraceMs ?? CLOSE_GRACE_MS)
    await session!.close?.()
  }
  return { runtime, session, stop }
}

/** A started piece's direct-message cards (see `directCards`); before the piece starts, or once it closed, they throw. */
function directMessagesOf(spec: PieceSpec, current: () => Running | null): DirectMessages {
  const direct = () => {
    const found = current()?.runtime.direct
    if (!found) throw new Error(`the ${spec.label} piece "${spec.instance}" has not started`)
    return found
  }
  return { notify: (options) => direct().notify(options), settled: (options) => direct().settled(options) }
}

const unavailable = (spec: PieceSpec) => Response.json({ error: `The ${spec.label} piece "${spec.instance}" has not started.`, code: 'unavailable' }, { status: 503 })

/**
 * Makes a piece of `spec` (the kit's lifecycle, the same for every platform): `start` runs the
 * spec's own `start` with its runtime (a second `start` closes the first run); its webhook answers
 * `503 unavailable` until then and once closing; every webhook request the piece accepted (status
 * below 400) may rescan for missing cards, as may the timer, every {@link REDRAW_EVERY_MS};
 * `onEvent` posts replies and draws and replaces cards; `listen` (when the spec `listens`) runs the
 * session's connection; `openThread` (when the spec `opensThreads`) starts a conversation; `close` waits for its background work up to `closeGraceMs` (default
 * {@link CLOSE_GRACE_MS}), then closes the session.
 */
export function createPiece(spec: PieceSpec): KitPiece {
  let running: Running | null = null
  let starting: Promise<Running> | null = null
  return {
    piece: spec.piece,
    instance: spec.instance,
    label: spec.label,
    identity: spec.identity,
    supportsKind: spec.supportsKind ?? ((kind) => kind === 'question'),
    ...(spec.describe ? { describe: spec.describe } : {}),
    start: async (engine) => {
      const previous = running
      running = null
      await previous?.stop()
      starting = open(spec, engine)
      running = await starting
    },
    webhook: async (request) => {
      const current = running
      if (!current) return unavailable(spec)
      if (!current.session.webhook) return Response.json({ error: `The ${spec.label} piece "${spec.instance}" takes no webhook requests.`, code: 'not-found' }, { status: 404 })
      const webhook = current.session.webhook
      const response = await releasedOnFailure(() => webhook(request))
      if (response.status < 400) current.runtime.redrawNowAndThen()
      return response
    },
    ...(spec.listens
      ? {
          listen: async ({ signal }: { signal: AbortSignal }) => {
            const current = running ?? (await starting)
            if (!current?.session.listen) throw new Error(`the ${spec.label} piece "${spec.instance}" has not started`)
            await current.session.listen({ signal })
          }
        }
      : {}),
    ...(spec.opensThreads
      ? {
          openThread: async (options: { text: string }) => {
            const current = running ?? (await starting)
            if (!current?.session.openThread) throw new Error(`the ${spec.label} piece "${spec.instance}" has not started`)
            return current.session.openThread(options)
          }
        }
      : {}),
    onEvent: (event: EngineEvent) => running?.runtime.onEvent(event),
    ...(spec.openDirect ? { directMessages: directMessagesOf(spec, () => running) } : {}),
    close: async () => {
      const closing = running
      running = null
      starting = null
      await closing?.stop()
    },
    idle: async () => {
      await running?.runtime.idle()
    }
  }
}
