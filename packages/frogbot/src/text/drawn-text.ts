/**
 * Control characters (C0 but tab and line feed, DEL, C1) and the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069): what can hide, reorder or ring in a text
 * a person reads (a label shown backwards by U+202E, a NUL that ends a line early, a BEL).
 */
const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/**
 * `text` as it may be drawn into a card, comment or message a person reads: without
 * {@link HIDDEN}'s characters (a carriage return goes too; tab and line feed stay). The text of
 * a question, an option, an answer, a name or a reply comes from a model or a person, so every
 * piece draws it through this (security review of the pieces, issue 34).
 */
export function drawnText(text: string): string {
  return text.replace(HIDDEN, '')
}
