import type { PieceDrawing } from 'frogbot/channels'
import { approvalOutcome, noticeText, questionDrawing, questionsOf, settledText } from 'frogbot/channels'
import { approvalComponents } from './approval-card.ts'
import type { DiscordClient } from './discord-client.ts'
import { escapeMarkdown, v2 } from './discord-components.ts'
import type { DiscordNames } from './discord-people.ts'
import { questionCard, settledCard } from './question-card.ts'

/**
 * How FrogBot draws in Discord (the piece's half of the contract, its question cards on the kit's
 * `questionDrawing`): a waiting call's card as a Components V2 message in the thread
 * (`questionCard`), redrawn in place when its partial answer changed (a step further, a typed
 * answer kept); once the call ended, every message of it edited to the answers and "Answered by"
 * the display name and username, or "Dismissed by", cancelled or expired (`settledText`). A
 * notice for one participant is a reply in the thread that mentions (and pings) only them:
 * Discord's only private answer is a click's own response, which the adapter spends acknowledging
 * it. Replies are the piece's client's (streamed, pinging nobody). Approvals: the card as a
 * Components V2 message (`approvalComponents`), edited to the decision (the decision, who, the
 * reason, what was changed, the quorum) or to the quorum's count; presses go to the kit's
 * `approvalButton` (see `handleDiscordActions`, which reads them with `CONTROL_IDS`).
 */
export function discordDrawing({ client, names }: { client: DiscordClient; names: DiscordNames }) {
  return {
    reply: client.reply,
    ...questionDrawing({
      nameFor: (by) => names.nameOf(by, { escape: true }),
      draw: async ({ thread, questions, facts }) => [await client.postPayload(thread, v2(questionCard(questions, { revision: 0, step: 0, selections: [] }, 0, facts)))],
      drawSettled: ({ card, questions, settlement, nameOf }) => client.editPayload(card.messageIds, v2(settledCard(settledText({ questions, settlement, nameOf, escape: escapeMarkdown }))))
    }),
    drawPartial: async ({ card, partial }) => {
      const questions = questionsOf(card.input)
      if (questions) await client.editPayload(card.messageIds, v2(questionCard(questions, partial, 0, card.facts)))
    },
    notify: async ({ thread, participant, notice }) => {
      const nameOf = await names.nameOf(notice.kind === 'settled' ? notice.settlement.by : null, { escape: true })
      await client.postText(thread, `<@${participant.userId}> ${noticeText(notice, nameOf)}`, [participant.userId])
    },
    approvals: {
      draw: async ({ thread, call }) => [await client.postPayload(thread, approvalComponents(call))],
      drawSettled: async ({ card, settlement }) => {
        const nameOf = await names.nameOf(settlement.by, { escape: true })
        const text = approvalOutcome({ card, settlement }, nameOf, escapeMarkdown)
        await client.editPayload(card.messageIds, v2(settledCard(text)))
      },
      drawVotes: ({ card, call }) => client.editPayload(card.messageIds, approvalComponents(call))
    }
  } satisfies PieceDrawing
}
