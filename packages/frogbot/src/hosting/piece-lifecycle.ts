import type { AttachedPiece } from '../contract/piece.ts'
import { channelState } from '../store/channel-state.ts'
import type { Engine } from '../turns/engine.ts'
import { pieceEngineFor } from './piece-engine.ts'
import { hostListener } from './piece-listeners.ts'
import { errorText } from '../text/error-text.ts'

/** The webhook path of the channel piece named `instance`. */
export const webhookPath = (instance: string) => `/api/webhooks/${instance}`

/** Starts every piece (`ChannelPiece.start`) with its own engine and its own state in FrogBot's database. */
export async function startPieces(engine: Engine, pieces: Iterable<AttachedPiece>): Promise<void> {
  for (const { piece } of pieces) {
    const state = channelState({ db: engine.services.store.db, scope: piece.instance })
    await piece.start?.(pieceEngineFor(engine, piece, { state }))
  }
}

/**
 * Runs the listener of every piece that has one (`ChannelPiece.listen`), each held by one process
 * at a time through a lease in its state (see `hostListener`), until `signal` aborts; resolves
 * once every listener stopped.
 */
export async function runListeners(engine: Engine, pieces: Iterable<AttachedPiece>, { signal }: { signal: AbortSignal }): Promise<void> {
  const listening = [...pieces].filter(({ piece }) => piece.listen)
  await Promise.all(listening.map((attached) => hostListener(attached, { state: channelState({ db: engine.services.store.db, scope: attached.piece.instance }), signal, log: engine.services.log })))
}

/** Closes every piece (`ChannelPiece.close`); a piece that fails to is logged. */
export async function closePieces(pieces: Iterable<AttachedPiece>, log: (line: string) => void): Promise<void> {
  for (const { piece } of pieces) {
    await Promise.resolve()
      .then(() => piece.close?.())
      .catch((error) => log(`frogbot: channel ${piece.instance} did not close cleanly: ${errorText(error)}`))
  }
}

/**
 * The start-up lines of every piece (without the `frogbot: ` prefix): what its `describe` says,
 * else `channel <instance>: <label> for agent <slug>, webhook /api/webhooks/<instance>`.
 */
export function pieceLines(pieces: Iterable<AttachedPiece>): string[] {
  return [...pieces].flatMap(({ piece, agentSlug }) =>
    piece.describe?.({ agentSlug, webhookPath: webhookPath(piece.instance) }) ?? [`channel ${piece.instance}: ${piece.label} for agent ${agentSlug}, webhook ${webhookPath(piece.instance)}`]
  )
}
