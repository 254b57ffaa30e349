import { clipDrawn } from '../text/clip-drawn.ts'

/**
 * `text` within `max` UTF-16 units, its last line kept whole (FrogBot's piece kit): the line that
 * ends a settled card (who answered, or what became of the call) or a card's facts. `text` as it
 * is when it fits; else the lines before the last are cut with "…" (`clipDrawn`, which strips
 * control and bidi-override characters from them too), and a text of one line, or whose last line
 * leaves no room for anything before it, is cut whole. For a platform that holds a message of at
 * most `max` characters: Telegram's 4,096; Discord's text displays and GitHub's comments could
 * cut theirs the same way.
 */
export function lastLineKept(text: string, max: number): string {
  if (text.length <= max) return text
  const at = text.lastIndexOf('\n')
  const last = text.slice(at + 1)
  if (at < 0 || last.length + 2 > max) return clipDrawn(text, max)
  return `${clipDrawn(text.slice(0, at), max - last.length - 1)}\n${last}`
}
