import type { PieceNotice } from '../piece-notices.ts'
import type { CardAnswers, Click } from './card-answers.ts'
import type { PartialAnswers } from './partial-answers.ts'
import type { Keep } from './thread-message.ts'

/**
 * Participants' partial answers, once the one settle door's checks say they may answer the card
 * (`mayAnswer`: the chat, the agent's `access`, the call still waiting, the tool's
 * `client.access`; nothing is kept for a participant refused, who gets the notice a refused
 * answer gets):
 * - `keep`: a change of the card's partial answer made from `revision` (see `PartialAnswer`): the
 *   new partial answer, or the notice (`changed` when someone changed it since, `closed`, a refusal's);
 * - `capture`: the participant's next message in the card's thread, within `forMs`, is their typed
 *   answer to question `question` ("Other…"): `null`, else the notice. With `replyTo` (a platform
 *   where the typed answer is a reply, Telegram's `force_reply` prompt), it is called once the
 *   participant may answer, before the capture is kept (the piece draws its prompt there), and
 *   resolves the message ids their reply must answer; any other message of theirs stays ordinary.
 */
export function partialKeeping({ partials, mayAnswer }: { partials: PartialAnswers; mayAnswer: CardAnswers['mayAnswer'] }) {
  const keep: Keep = async ({ card, messageId, participant, revision, change }) => {
    const refused = await mayAnswer({ card, messageId, participant })
    if (refused) return refused
    const changed = await partials.change(card, revision, change)
    return 'partial' in changed ? changed : { kind: 'changed' }
  }

  const capture = async ({ card, messageId, participant, question, forMs, replyTo }: Click & { question: number; forMs?: number; replyTo?: () => Promise<string[]> }): Promise<PieceNotice | null> => {
    const refused = await mayAnswer({ card, messageId, participant })
    if (refused) return refused
    const { step } = await partials.read(card)
    await partials.capture(card, { userId: participant.userId, question, step, forMs, ...(replyTo ? { replyTo: await replyTo() } : {}) })
    return null
  }

  return { keep, capture }
}
