import { clipDrawn } from '../text/clip-drawn.ts'

/**
 * `lines` (drawn: `drawnText`) as few texts as hold them, each at most `max` characters, lines
 * joined by a blank line and a longer line cut (`clipText`, "…"); at most `room` texts: when they
 * do not all fit, the last one says how many lines were left out, `_…and <n> more<more>_` (`more`,
 * e.g. where else they can be read; the count only estimates when a line holds a blank line of its
 * own). For a platform that limits a message's blocks, sections or embeds and each one's length
 * (Slack: 50 blocks of 3000 characters; Discord, Telegram and Teams have theirs).
 */
export function packedTexts(lines: string[], { max, room, more = '' }: { max: number; room: number; more?: string }): string[] {
  const texts: string[] = []
  for (const line of lines.map((text) => clipDrawn(text, max))) {
    const last = texts.at(-1)
    if (last !== undefined && last.length + 2 + line.length <= max) texts[texts.length - 1] = `${last}\n\n${line}`
    else texts.push(line)
  }
  if (texts.length <= room) return texts
  const kept = texts.slice(0, Math.max(0, room - 1))
  const shown = kept.reduce((count, text) => count + text.split('\n\n').length, 0)
  return [...kept, `_…and ${Math.max(1, lines.length - shown)} more${more}_`]
}
