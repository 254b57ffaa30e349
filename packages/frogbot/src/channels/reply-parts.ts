import { cutIndex } from '../text/clip-text.ts'

/** From how far into a part (a share of its length) the text after the last line break waits for the next one. */
const HOLD_FROM = 0.75

/** Where to cut `chunk` to use at most `budget` characters: after its last line break; else, when the part has text already, nowhere (it goes on in the next part); else after its last space, else at `budget`. */
function cutPoint(chunk: string, budget: number, used: number): number {
  const room = chunk.slice(0, Math.max(0, budget))
  const lineBreak = room.lastIndexOf('\n')
  if (lineBreak >= 0) return lineBreak + 1
  if (used > 0) return 0
  const space = room.lastIndexOf(' ')
  if (space > 0) return space + 1
  return Math.max(1, cutIndex(chunk, budget))
}

/**
 * A reply's streamed `text` as the texts of the messages that carry it, for a platform whose
 * message holds at most so much (Discord 2,000 characters, Telegram 4,096), each streaming in turn:
 * `next()` resolves the next message's text (an async iterable of its pieces, at most `max`
 * characters in all, cut at a line break or a space where one is near), or `null` once the reply
 * is over. A part that would only be white space is never started.
 */
export function replyParts(text: AsyncIterable<string>, max: number) {
  const iterator = text[Symbol.asyncIterator]()
  let carry = ''
  let finished = false
  const pull = async (): Promise<string | null> => {
    if (carry) {
      const kept = carry
      carry = ''
      return kept
    }
    if (finished) return null
    const next = await iterator.next()
    if (next.done) {
      finished = true
      return null
    }
    return next.value
  }
  return async (): Promise<AsyncIterable<string> | null> => {
    let first = await pull()
    while (first !== null && first.trim() === '') first = await pull()
    if (first === null) return null
    const opening = first.replace(/^\s+/, '')
    return (async function* () {
      let used = 0
      // Near the end of a part, the text after its last line break is held back, so that the part ends at a line break.
      let held = ''
      for (let chunk: string | null = opening; chunk !== null; chunk = await pull()) {
        const text = held + chunk
        held = ''
        if (used + text.length > max) {
          const cut = cutPoint(text, max - used, used)
          if (cut > 0) yield text.slice(0, cut)
          carry = text.slice(cut)
          return
        }
        const lineEnd = used + text.length > max * HOLD_FROM ? text.lastIndexOf('\n') : text.length - 1
        if (lineEnd >= 0) yield text.slice(0, lineEnd + 1)
        used += lineEnd + 1
        held = text.slice(lineEnd + 1)
      }
      if (held) yield held
    })()
  }
}
