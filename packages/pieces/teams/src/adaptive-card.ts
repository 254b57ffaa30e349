import { budgetedItems } from 'frogbot/channels'

/** An Adaptive Card element or action, as Teams takes it (JSON). */
export type Element = Record<string, unknown>

/**
 * How big a card's message may be, in bytes of its JSON encoded as UTF-16 (how Teams measures it,
 * learn.microsoft.com "Format your bot messages"). Teams' current limit is about 100 KB, 80 KB
 * recommended; earlier pages gave 40 KB, which FrogBot keeps to, so that a card fits everywhere.
 */
export const CARD_BUDGET_BYTES = 40_000

/** The longest typed answer a card's text box takes, in characters. */
export const TYPED_MAX = 2000

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

/**
 * An Adaptive Card of `body` and `actions`, as wide as the conversation (Teams' `msteams.width`),
 * in schema version 1.5: the newest Teams renders in bot messages on every client.
 */
export function adaptiveCard(body: Element[], actions: Element[] = []): Element {
  return { type: 'AdaptiveCard', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', version: '1.5', body, ...(actions.length > 0 ? { actions } : {}), msteams: { width: 'Full' } }
}

/** A drawn card (`card`, as Teams takes it) and its `summary`, the notification's text. */
export type DrawnCard = { card: Element; summary: string }

/** The `message` activity that carries a drawn card (Bot Connector: an Adaptive Card attachment). */
export const cardMessage = ({ card, summary }: DrawnCard) => ({ type: 'message', summary, attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: card }] })

/** The size of the message that carries `card` with `summary`, as Teams counts it (UTF-16 bytes of its JSON). */
export const messageBytes = (card: Element, summary: string): number => JSON.stringify(cardMessage({ card, summary })).length * 2

/**
 * The card `build` makes of `lines`, packed into as few as fit Teams' budget ({@link CARD_BUDGET_BYTES}
 * for the message with `summary`, less `margin` bytes), the rest told as a count (`rest`: "… and 12
 * more", the kit's `budgetedItems`). `build([])` is the card without any of them, whose size is spent first.
 */
export function packedCard(lines: Element[], build: (lines: Element[]) => Element, { summary, margin, rest }: { summary: string; margin: number; rest: (count: number) => Element }): Element {
  const room = CARD_BUDGET_BYTES - messageBytes(build([]), summary) - margin
  // Each element also costs the comma that separates it from the next.
  const cost = (line: Element) => (JSON.stringify(line).length + 1) * 2
  return build(budgetedItems(lines, { room, cost, rest }))
}
