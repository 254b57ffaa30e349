import type { EngineEvent } from '../contract/engine-events.ts'
import type { AttachedPiece } from '../contract/piece.ts'
import { errorText } from '../text/error-text.ts'

/**
 * The engine's listener for the channel pieces: hands each event about a channel chat to the
 * piece whose conversation it is (`ChannelPiece.onEvent`); events about web chats reach none. A
 * piece that throws is logged, never the turn's failure.
 */
export function dispatchToPieces(pieces: ReadonlyMap<string, AttachedPiece>, log: (line: string) => void): (event: EngineEvent) => void {
  return (event) => {
    const instance = event.chat.channel?.instance
    const piece = instance === undefined ? undefined : pieces.get(instance)?.piece
    if (!piece?.onEvent) return
    try {
      piece.onEvent(event)
    } catch (error) {
      log(`frogbot: channel ${piece.instance} failed on ${event.type} of chat ${event.chat.id}: ${errorText(error)}`)
    }
  }
}
