import type { ChatSummary, PendingCall, SettlementWithPart } from '@frogbotai/protocol'
import type { AttachedPiece, DirectNoticeType, DirectPerson } from '../contract/piece.ts'
import { errorText } from '../text/error-text.ts'

/**
 * Notices in direct messages through the pieces `notify.pieces` names (docs/chat/reach-people.md
 * "In a direct message"), in the order given:
 * - `send(type, chat, call, people)`: each person gets the call's card (or, once they have it, a
 *   short reminder) from the first of those pieces that knows them; a piece that fails is logged
 *   and the next one tried. A call of a channel conversation is sent only through its own piece
 *   (it is answered only from there);
 * - `settled(chat, settlements)`: every piece replaces its direct cards of calls that ended.
 * The notifier calls `send` after its once-claim, so each notice goes out once across processes.
 */
export function directSender({ instances, pieces, log }: { instances: string[]; pieces: ReadonlyMap<string, AttachedPiece>; log: (line: string) => void }) {
  const through = (chat: Pick<ChatSummary, 'channel'>) =>
    instances
      .filter((instance) => !chat.channel || chat.channel.instance === instance)
      .map((instance) => pieces.get(instance)?.piece)
      .filter((piece) => piece?.directMessages !== undefined)

  return {
    send: async (type: DirectNoticeType, chat: ChatSummary, call: PendingCall, people: DirectPerson[]) => {
      for (const person of people) {
        for (const piece of through(chat)) {
          try {
            if (await piece!.directMessages!.notify({ chat, call, person, type })) break
          } catch (error) {
            log(`frogbot: ${piece!.instance} could not send ${person.entry} a direct message of call ${call.toolCallId}: ${errorText(error)}`)
          }
        }
      }
    },
    settled: async (chat: ChatSummary, settlements: SettlementWithPart[]) => {
      for (const piece of through(chat)) {
        await piece!.directMessages!.settled({ chat, settlements }).catch((error: unknown) => log(`frogbot: ${piece!.instance} could not replace its direct cards of chat ${chat.id}: ${errorText(error)}`))
      }
    }
  }
}
