/** How far around a cut the grapheme boundaries are looked for (UTF-16 code units). */
const LOOK_BEHIND = 64

/** The grapheme segmenter, made on the first cut: making one loads ICU's break rules (about 7 ms), which a server's start-up need not wait for. */
let graphemes: Intl.Segmenter | undefined

/**
 * The greatest index at most `end` where `text` can be cut without splitting a character: never
 * between the two halves of a surrogate pair (an emoji such as 🐸), and where it can be found
 * within 64 code units, not inside a grapheme (a flag, a family emoji, a letter with its accents;
 * `Intl.Segmenter`). Indices are UTF-16 code units, as `String.length` counts. 0 when `end` ≤ 0;
 * `text.length` when `end` is past it.
 */
export function cutIndex(text: string, end: number): number {
  if (end >= text.length) return text.length
  if (end <= 0) return 0
  const from = Math.max(0, end - LOOK_BEHIND)
  let boundary = -1
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  for (const { index } of graphemes.segment(text.slice(from, end + LOOK_BEHIND))) {
    if (from + index > end) break
    if (index > 0 || from === 0) boundary = from + index
  }
  if (boundary > 0) return boundary
  const code = text.charCodeAt(end - 1)
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end
}

/**
 * `text` cut to at most `max` UTF-16 code units (as `String.length` counts, and most platforms'
 * limits), ending in `ellipsis` (default `…`) when it was cut, never splitting a character
 * ({@link cutIndex}): a cut emoji never leaves a lone surrogate or U+FFFD behind.
 */
export function clipText(text: string, max: number, ellipsis = '…'): string {
  if (text.length <= max) return text
  return `${text.slice(0, cutIndex(text, max - ellipsis.length))}${ellipsis}`
}
