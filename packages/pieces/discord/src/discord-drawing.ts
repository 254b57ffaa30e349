import { noticeText, type PartialAnswer, type PieceDrawing, questionsOf, settledText } from 'frogbot/channels'
import type { DiscordClient } from './discord-client.ts'
import { escapeMarkdown, v2 } from './discord-components.ts'
import type { DiscordNames } from './discord-people.ts'
import { questionCard, settledCard } from './question-card.ts'

/**
 * How FrogBot draws in Discord (the piece's half of the contract): a waiting call's card as a
 * Components V2 message in the thread (`questionCard`), redrawn in place when its partial answer
 * changed (a step further, a typed answer kept); once the call ended, every message of it edited
 * to the answers and "Answered by" the display name and username, or "Dismissed by", cancelled
 * or expired (`settledText`). A notice for one participant is a reply in the thread that mentions
 * (and pings) only them: Discord's only private answer is a click's own response, which the
 * adapter spends acknowledging it. Replies are the kit's, through Chat SDK.
 */
export function discordDrawing({ client, names }: { client: DiscordClient; names: DiscordNames }): Pick<PieceDrawing, 'drawCall' | 'drawSettled' | 'drawPartial' | 'notify'> {
  const cardOf = ({ input, facts }: { input: unknown; facts?: string[] }, partial: PartialAnswer = { revision: 0, step: 0, selections: [] }) => {
    const questions = questionsOf(input)
    return questions ? v2(questionCard(questions, partial, 0, facts)) : null
  }
  return {
    drawCall: async ({ thread, call, facts }) => {
      const card = cardOf({ input: call.input, facts })
      if (!card) throw new Error(`the input of call ${call.toolCallId} (${call.toolName}) is not a question`)
      return [await client.postPayload(thread, card)]
    },
    drawPartial: async ({ card, partial }) => {
      const drawn = cardOf(card, partial)
      if (drawn) await client.editPayload(card.messageIds, drawn)
    },
    drawSettled: async ({ card, settlement }) => {
      const questions = questionsOf(card.input)
      if (!questions) return
      const text = settledText({ questions, settlement, nameOf: await names.nameOf(settlement.by, { escape: true }), escape: escapeMarkdown })
      await client.editPayload(card.messageIds, v2(settledCard(text)))
    },
    notify: async ({ thread, participant, notice }) => {
      const nameOf = await names.nameOf(notice.kind === 'settled' ? notice.settlement.by : null, { escape: true })
      await client.postText(thread, `<@${participant.userId}> ${noticeText(notice, nameOf)}`, [participant.userId])
    }
  }
}
