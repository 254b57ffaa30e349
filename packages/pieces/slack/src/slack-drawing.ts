import type { SlackAdapter } from '@chat-adapter/slack'
import { type NameOf, type PieceDrawing, questionsOf, settledAnswer } from 'frogbot/channels'
import { withFacts } from './card-facts.ts'
import { questionCard, settledCard } from './question-card.ts'

type PostArguments = Parameters<SlackAdapter['webClient']['chat']['postMessage']>[0]

/** A Slack message's id in card records: `<channel>:<ts>` (a `ts` is unique only within its channel). */
export const messageRef = (channel: string, ts: string) => `${channel}:${ts}`

function parseRef(ref: string): { channel: string; ts: string } {
  const at = ref.indexOf(':')
  return { channel: ref.slice(0, at), ts: ref.slice(at + 1) }
}

/**
 * How FrogBot draws question cards in Slack (the piece's half of the contract): each card and its
 * replacement as raw Block Kit through the adapter's Web API client (Chat SDK has no multi-select
 * element), who settled a call named by `nameOf` (a mention). Replies and private notices
 * (ephemeral messages in the thread) are the kit's, through Chat SDK.
 */
export function slackDrawing({ adapter, nameOf }: { adapter: SlackAdapter; nameOf: NameOf }): Pick<PieceDrawing, 'drawCall' | 'drawSettled'> {
  return {
    drawCall: async ({ thread, call, facts }) => {
      const questions = questionsOf(call.input)
      if (!questions) throw new Error(`the input of call ${call.toolCallId} (${call.toolName}) is not a question`)
      const { channel, threadTs } = adapter.decodeThreadId(thread)
      const card = withFacts(questionCard(questions), facts)
      const posted = await adapter.webClient.chat.postMessage({
        channel,
        ...(threadTs ? { thread_ts: threadTs } : {}),
        text: card.text,
        blocks: card.blocks,
        unfurl_links: false,
        unfurl_media: false
      } as unknown as PostArguments)
      if (!posted.ts) throw new Error('Slack did not say where the question card was posted')
      return [messageRef(posted.channel ?? channel, posted.ts)]
    },
    drawSettled: async ({ card, settlement }) => {
      const questions = questionsOf(card.input)
      if (!questions) return
      const { output, errorText } = settledAnswer(settlement)
      const drawn = settledCard(questions, output, {
        outcome: settlement.outcome,
        who: 'system' in settlement.by ? null : nameOf(settlement.by),
        reason: settlement.reason,
        errorText
      })
      for (const ref of card.messageIds) {
        const { channel, ts } = parseRef(ref)
        await adapter.webClient.chat.update({ channel, ts, text: drawn.text, blocks: drawn.blocks } as unknown as Parameters<SlackAdapter['webClient']['chat']['update']>[0])
      }
    }
  }
}
