import { clipDrawn as clip } from 'frogbot/channels'
import { type DrawnCard, type Element, richText } from './adaptive-card.ts'

/**
 * A question card with the call's facts (the kit's `cardFacts`: "Waiting for Dana", "Expires in
 * 2 h (…)") as a subtle line under its questions, and at the end of its summary (what a
 * notification shows). `drawn` as it is without facts.
 */
export function withFacts<T extends DrawnCard>(drawn: T, facts: string[]): T {
  if (facts.length === 0) return drawn
  const line = richText([{ text: clip(facts.join(' · '), 1000), subtle: true }], { separator: true })
  return { ...drawn, card: { ...drawn.card, body: [...(drawn.card.body as Element[]), line] }, summary: `${drawn.summary}\n${facts.join('\n')}` }
}
