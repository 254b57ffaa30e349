import { type Block, clip, context, escapeMrkdwn, LIMITS } from './block-kit.ts'

/**
 * A question card with the call's facts (the kit's `cardFacts`: "Waiting for Dana", "Expires in
 * 2 h (…)") in a context line above its controls, and at the end of its notification text. A card
 * already at Block Kit's 50 blocks keeps them in its text only. `card` as it is without facts.
 */
export function withFacts(card: { text: string; blocks: Block[] }, facts: string[]): { text: string; blocks: Block[] } {
  if (facts.length === 0) return card
  const line = context(escapeMrkdwn(facts.join(' · ')))
  const blocks = card.blocks.length < LIMITS.messageBlocks ? [...card.blocks.slice(0, -1), line, ...card.blocks.slice(-1)] : card.blocks
  return { text: clip(`${card.text}\n${facts.join('\n')}`, LIMITS.fallbackText), blocks }
}
