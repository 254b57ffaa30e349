import { isBlankText } from '@frogbotai/protocol'

/** The grapheme segmenter, made on the first trim: making one loads ICU's break rules. */
let graphemes: Intl.Segmenter | undefined

/**
 * `text` without what shows nothing at its start and at its end: white space, zero-width, bidi
 * control, other default-ignorable and control characters (`isBlankText`), so `"\u200b\u200bHello"`
 * is `"Hello"`. It cuts only between graphemes (`Intl.Segmenter`) that show nothing, so a
 * character keeps its own marks: the variation selector of ❤️, the tags of a flag, an emoji's
 * joiners. What lies between the ends is kept as it is.
 */
export function trimInvisible(text: string): string {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
  const segments = graphemes.segment(text)
  let start = text.length
  for (const { segment, index } of segments) {
    if (isBlankText(segment)) continue
    start = index
    break
  }
  let end = text.length
  while (end > start) {
    const last = segments.containing(end - 1)!
    if (!isBlankText(last.segment)) break
    end = last.index
  }
  return text.slice(start, end)
}
