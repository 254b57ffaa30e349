import type { SlackAdapter } from '@chat-adapter/slack'
import { type NameOf, type PieceDrawing, questionDrawing } from 'frogbot/channels'
import { clipDrawn, messageRef, messageRefParts } from 'frogbot/channels'
import { type Block, context, escapeMrkdwn, LIMITS } from './block-kit.ts'
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
 * A question card with the call's facts (the kit's `cardFacts`: "Waiting for Dana", "Expires in
 * 2 h (…)") in a context line above its controls, and at the end of its notification text. A card
 * already at Block Kit's 50 blocks keeps them in its text only. `card` as it is without facts.
 */
function withFacts(card: { text: string; blocks: Block[] }, facts: string[]): { text: string; blocks: Block[] } {
  if (facts.length === 0) return card
  const line = context(escapeMrkdwn(facts.join(' · ')))
  const blocks = card.blocks.length < LIMITS.messageBlocks ? [...card.blocks.slice(0, -1), line, ...card.blocks.slice(-1)] : card.blocks
  return { text: clipDrawn(`${card.text}\n${facts.join('\n')}`, LIMITS.fallbackText), blocks }
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
