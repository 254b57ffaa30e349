import { type Component, escapeMarkdown, textDisplay } from './discord-components.ts'

/**
 * A question card with the call's facts (the kit's `cardFacts`: "Waiting for Dana", "Expires in
 * 2 h (…)") as a small line under its text, inside its container. `card` as it is without facts.
 */
export function withFacts(card: Component[], facts: string[] | undefined): Component[] {
  if (!facts?.length) return card
  const [box, ...rest] = card as ({ components?: Component[] } & Component)[]
  const [text, ...controls] = box.components ?? []
  const line = textDisplay(`-# ${escapeMarkdown(facts.join(' · '))}`)
  return [{ ...box, components: [text, line, ...controls] }, ...rest]
}
