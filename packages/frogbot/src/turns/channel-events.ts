import { isToolUIPart } from 'ai'
import type { SettlementWithPart } from '@frogbotai/protocol'
import type { ChatRecord, StoredMessage } from '../store/chat-records.ts'
import type { TurnRun } from '../contract/turns.ts'
import { chatSummary } from './chat-summary.ts'
import type { TurnServices } from './services.ts'

function doorOf(services: Pick<TurnServices, 'pieces'>, chat: ChatRecord) {
  return chat.channel ? services.pieces.get(chat.channel.instance)?.piece : undefined
}

/**
 * Hands a turn of a channel chat to its piece (`ChannelPiece.onTurn`) with a copy of the reply
 * stream of its own, and returns the run for the caller with the other copy. Web chats, and pieces
 * without the hook, get the run back as it is.
 */
export function shareTurnWithPiece(services: TurnServices, chat: ChatRecord, run: TurnRun): TurnRun {
  const door = doorOf(services, chat)
  if (!door?.onTurn) return run
  const [own, piece] = run.stream.tee()
  try {
    door.onTurn({ chat: chatSummary(services, chat), run: { stream: piece, result: run.result } })
  } catch (error) {
    services.log(`frogbot: channel ${door.instance} failed on a turn of chat ${chat.id}: ${error instanceof Error ? error.message : String(error)}`)
    void piece.cancel().catch(() => {})
  }
  return { stream: own, result: run.result }
}

/** Tells a channel chat's piece that calls ended (`ChannelPiece.onSettled`), with their stored parts. */
export function notifySettled(services: TurnServices, chat: ChatRecord, message: StoredMessage, toolCallIds: string[]): void {
  const door = doorOf(services, chat)
  if (!door?.onSettled || toolCallIds.length === 0) return
  const settlements: SettlementWithPart[] = toolCallIds.flatMap((toolCallId) => {
    const settlement = message.settlements.findLast((entry) => entry.toolCallId === toolCallId)
    const part = message.parts.find((entry) => isToolUIPart(entry) && entry.toolCallId === toolCallId) ?? null
    return settlement ? [{ ...settlement, part }] : []
  })
  try {
    door.onSettled({ chat: chatSummary(services, chat), settlements })
  } catch (error) {
    services.log(`frogbot: channel ${door.instance} failed on settled calls of chat ${chat.id}: ${error instanceof Error ? error.message : String(error)}`)
  }
}
