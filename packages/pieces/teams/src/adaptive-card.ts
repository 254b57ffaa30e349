import { clipText, drawnText } from 'frogbot/channels'

/** An Adaptive Card element or action, as Teams takes it (JSON). */
export type Element = Record<string, unknown>

/** The Adaptive Card schema version FrogBot's cards use: the newest Teams renders in bot messages on every client. */
export const CARD_VERSION = '1.5'

/**
 * How big a card's message may be, in bytes of its JSON encoded as UTF-16 (how Teams measures it,
 * learn.microsoft.com "Format your bot messages"). Teams' current limit is about 100 KB, 80 KB
 * recommended; earlier pages gave 40 KB, which FrogBot keeps to, so that a card fits everywhere.
 */
export const CARD_BUDGET_BYTES = 40_000

/** The longest typed answer a card's text box takes, in characters. */
export const TYPED_MAX = 2000

/** `text` cut to at most `max` UTF-16 units, with "…" when it was longer (never inside a character: `clipText`). */
export const clip = (text: string, max: number): string => clipText(drawnText(text), max)

/**
 * A `RichTextBlock` of plain runs: the text of its `TextRun`s is never read as Markdown (Adaptive
 * Cards schema, "TextRun"), so what the model wrote shows as it was written, never as a link, a
 * heading or a mention (a Teams mention needs an entity the card never has).
 */
export function richText(runs: (string | { text: string; bold?: boolean; subtle?: boolean; italic?: boolean })[], options: Element = {}): Element {
  return {
    type: 'RichTextBlock',
    inlines: runs.map((run) => {
      const { text, bold, subtle, italic } = typeof run === 'string' ? { text: run } : run
      return { type: 'TextRun', text, ...(bold ? { weight: 'Bolder' } : {}), ...(subtle ? { isSubtle: true } : {}), ...(italic ? { italic: true } : {}) }
    }),
    ...options
  }
}

/** An Adaptive Card 1.5 of `body` and `actions`, as wide as the conversation (Teams' `msteams.width`). */
export function adaptiveCard(body: Element[], actions: Element[] = []): Element {
  return { type: 'AdaptiveCard', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', version: CARD_VERSION, body, ...(actions.length > 0 ? { actions } : {}), msteams: { width: 'Full' } }
}

/** The size of the message that carries `card` with `summary`, as Teams counts it (UTF-16 bytes of its JSON). */
export function messageBytes(card: Element, summary: string): number {
  return JSON.stringify({ type: 'message', summary, attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }] }).length * 2
}

/** Lines packed into as few `RichTextBlock`s as fit `budget` bytes, the rest told as a count ("… and 12 more"). */
export function packedLines(lines: Element[], budget: number, rest: (count: number) => Element): Element[] {
  const kept: Element[] = []
  let used = 0
  for (const [index, line] of lines.entries()) {
    // Each element also costs the comma that separates it from the next.
    const bytes = (JSON.stringify(line).length + 1) * 2
    if (used + bytes > budget) return [...kept, rest(lines.length - index)]
    kept.push(line)
    used += bytes
  }
  return kept
}
