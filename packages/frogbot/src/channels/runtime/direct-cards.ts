import type { DirectMessages, DirectPerson } from '../../contract/piece.ts'
import { isApprovalCall } from '../approval-cards.ts'
import { cardFacts } from '../call-facts.ts'
import type { QuestionCards } from '../question-cards.ts'
import type { CardReplacing } from './card-replacing.ts'
import { oneText, type PieceDrawing } from './piece-drawing.ts'

/**
 * How a piece finds a person on its platform for a direct message (`notify.pieces`): the id of
 * the thread of its direct conversation with them (opened if need be), or `undefined` when the
 * platform does not know them (no account with that email, an entry that is no platform id).
 */
export type OpenDirect = (person: DirectPerson) => Promise<string | undefined>

/** What a reminder, or an escalation to someone who already has the card, says in the direct conversation. */
const again = (approval: boolean, type: string) =>
  `${type === 'call.escalated' ? 'You were asked too' : 'Reminder'}: the ${approval ? 'approval' : 'question'} above still waits for ${approval ? 'a decision' : 'an answer'}.`

/**
 * Direct-message cards (docs/chat/reach-people.md "In a direct message"): `notify` draws a call's
 * ordinary card (question or approval, with its facts) in the direct conversation `openDirect`
 * finds for the person, once across processes (claimed in the piece's state, remembered under
 * the person: see `QuestionCard.direct`); a later notice to them (a reminder, an escalation) is a
 * short message in that conversation. A click on the card is read as on any card (its message
 * leads to it) and settles through the one door. `settled` replaces every direct card of the
 * calls that ended, once each (the replacing claim), as the thread's card is.
 */
export function directCards({ cards, drawing, replacing, now, openDirect }: { cards: QuestionCards; drawing: PieceDrawing; replacing: CardReplacing; now: () => number; openDirect: OpenDirect }): DirectMessages {
  return {
    notify: async ({ chat, call, person, type }) => {
      const approval = isApprovalCall(call)
      const drawn = await cards.directOf(chat.id, call.toolCallId, person.entry)
      if (drawn) {
        if (!drawn.closed) await drawing.reply({ chat, thread: drawn.thread, text: oneText(again(approval, type)) })
        return true
      }
      const thread = await openDirect(person)
      if (!thread) return false
      if (!(await cards.claimDirect(chat.id, call.toolCallId, person.entry))) return true
      try {
        const approvals = approval ? drawing.approvals : undefined
        const facts = cardFacts(call, now())
        const messageIds = approvals ? await approvals.draw({ chat, thread, call }) : await drawing.drawCall({ chat, thread, call, facts })
        await cards.save({ chatId: chat.id, toolCallId: call.toolCallId, toolName: call.toolName, thread, messageIds, input: call.input, ...(approvals ? { kind: 'approval' as const } : {}), ...(facts.length ? { facts } : {}), direct: person.entry })
      } catch (error) {
        await cards.releaseDirect(chat.id, call.toolCallId, person.entry)
        throw error
      }
      return true
    },
    settled: async ({ chat, settlements }) => {
      for (const settlement of settlements) {
        for await (const card of cards.directs(chat.id, settlement.toolCallId)) await replacing.replace(chat, card, settlement)
      }
    }
  }
}
