import { isDM } from '@chat-adapter/teams'
import { errorText, type NameOf, noticeText, type PieceDrawing, questionDrawing } from 'frogbot/channels'
import type { BotConnector } from './bot-connector.ts'
import { questionCard } from './question-card.ts'
import { settledCard } from './settled-card.ts'

/**
 * How FrogBot draws in Teams (the piece's half of the contract, question cards on the kit's
 * `questionDrawing`): each waiting call's questions on one Adaptive Card (see `questionCard`),
 * posted as it is; once the call ended, the card updated in place to the answers and who gave
 * them (`settledCard`, `nameOf` naming them); a notice for one
 * participant as a targeted message only they see, or as a message of its own in a personal chat,
 * else (where Teams refuses targeted messages) as a short reply that names them; all through the
 * piece's Bot Connector client. Replies are the kit's, through Chat SDK.
 */
export function teamsDrawing({ connector, nameOf, log }: { connector: BotConnector; nameOf: NameOf; log: (line: string) => void }): Pick<PieceDrawing, 'drawCall' | 'drawSettled' | 'notify'> {
  return {
    ...questionDrawing({
      nameOf,
      draw: async ({ thread, questions, facts }) => [await connector.postCard(thread, questionCard(questions, facts))],
      drawSettled: ({ card, questions, output, actor }) => connector.updateCards(card, settledCard(questions, output, actor))
    }),
    notify: async ({ thread, participant, notice }) => {
      const text = noticeText(notice, nameOf)
      if (isDM(thread)) return connector.postText(thread, text)
      try {
        await connector.postText(thread, text, { to: participant })
      } catch (error) {
        log(`could not send ${participant.name ?? participant.userId} a targeted message (${errorText(error)}); told them in the conversation instead`)
        await connector.postText(thread, `${participant.name ?? 'Someone'}: ${text}`)
      }
    }
  }
}
