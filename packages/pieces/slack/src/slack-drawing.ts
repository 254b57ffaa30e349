import type { SlackAdapter } from '@chat-adapter/slack'
import { type NameOf, type PieceDrawing, questionDrawing } from 'frogbot/channels'
import type { Block } from './block-kit.ts'
import { withFacts } from './card-facts.ts'
import { messageRef, messageRefParts } from 'frogbot/channels'
import { questionCard, settledCard } from './question-card.ts'

/** Posts a card (`drawn`, its notification text and blocks) in `thread`, without link previews; resolves the posted message's {@link messageRef}. */
export async function postBlocks(adapter: SlackAdapter, thread: string, drawn: { text: string; blocks: Block[] }, what: string): Promise<string[]> {
  const { channel, threadTs } = adapter.decodeThreadId(thread)
  const posted = await adapter.webClient.chat.postMessage({ channel, ...(threadTs ? { thread_ts: threadTs } : {}), ...drawn, unfurl_links: false, unfurl_media: false } as never)
  if (!posted.ts) throw new Error(`Slack did not say where the ${what} was posted`)
  return [messageRef(posted.channel ?? channel, posted.ts)]
}

/** Replaces every message of a card (`messageIds`, each a {@link messageRef}) with `drawn`. */
export async function updateBlocks(adapter: SlackAdapter, messageIds: string[], drawn: { text: string; blocks: Block[] }): Promise<void> {
  for (const ref of messageIds) {
    const { place, id } = messageRefParts(ref)
    await adapter.webClient.chat.update({ channel: place, ts: id, ...drawn } as never)
  }
}

/**
 * How FrogBot draws question cards in Slack (the piece's half of the contract, on the kit's
 * `questionDrawing`): each card and its replacement as raw Block Kit through the adapter's Web API
 * client (Chat SDK has no multi-select element), who settled a call named by `nameOf` (a mention).
 * Replies and private notices (ephemeral messages in the thread) are the kit's, through Chat SDK.
 */
export function slackDrawing({ adapter, nameOf }: { adapter: SlackAdapter; nameOf: NameOf }): Pick<PieceDrawing, 'drawCall' | 'drawSettled'> {
  return questionDrawing({
    nameOf,
    draw: ({ thread, questions, facts }) => postBlocks(adapter, thread, withFacts(questionCard(questions), facts), 'question card'),
    drawSettled: ({ card, questions, output, actor }) => updateBlocks(adapter, card.messageIds, settledCard(questions, output, actor))
  })
}
