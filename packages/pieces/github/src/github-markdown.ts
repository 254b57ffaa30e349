import { markdownLiteral } from 'frogbot/channels'
/**
 * The longest comment body FrogBot posts, in UTF-16 code units. GitHub refuses a comment body
 * over 65,536 characters (`422 Validation Failed`, "body is too long (maximum is 65536
 * characters)", REST API "Create an issue comment"); a code unit is never less than a
 * character, and the margin leaves room for the "(continued)" lines and a reopened code fence.
 */
export const COMMENT_BUDGET = 60_000

/**
 * What GitHub turns into a notification or a link, up to where a word joiner (U+2060, invisible to
 * readers) breaks it: `@login` and `@org/team` mentions, `#123`, `owner/repo#123` and `GH-123`
 * references; and, in the model's text, addresses (`https`, `ftp` or `mailto` before `://`, `www` before `.`).
 */
const PINGS = /(?<![A-Za-z0-9_.+-])@(?=[A-Za-z0-9])|#(?=\d)|\bGH-(?=\d)/gi
const LINKS = /\b(?:https?|ftp|mailto)(?=:\/\/)|\bwww(?=\.)/gi

/**
 * `text` with what GitHub would turn into a notification or a link neutralised: `@login` and
 * `@org/team` mentions, `#123`, `owner/repo#123` and `GH-123` references get a word joiner after
 * their `@`, `#` or `-`, so they read the same and ping or link nothing.
 */
export function neutralise(text: string): string {
  return text.replace(PINGS, '$&\u2060')
}

/**
 * The model's text (a question, an option, a header) as literal text in a GitHub comment: every
 * Markdown control character escaped with a backslash (emphasis, code, links, images, HTML,
 * tables, math), each line's start escaped where it would make a heading, a quote or a list,
 * leading indentation dropped (it would make a code block), control characters removed, and
 * mentions, references and links neutralised ({@link neutralise}; `https://` and `www.` get a
 * word joiner too, so no address becomes a link). `oneLine` folds every run of whitespace,
 * newlines too, into one space (labels, headers); otherwise lines are kept, blank runs as one.
 */
export function escapeText(text: string, { oneLine = false }: { oneLine?: boolean } = {}): string {
  return neutralise(markdownLiteral(text, { oneLine })).replace(LINKS, '$&\u2060')
}

/** {@link escapeText} on one line: a label, a header, a name, a reason. */
export const escapeLine = (text: string) => escapeText(text, { oneLine: true })

/** A fenced code block open in Markdown: its fence (three or more backticks or tildes) and the line that opened it. */
type Fence = { marker: string; line: string }

/** The fenced code block open after `line`, given the one `open` before it: a fence opens one; the same fence at least as long, alone on its line, closes it. */
function fenceAfter(open: Fence | null, line: string): Fence | null {
  const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
  if (!marker) return open
  if (!open) return { marker, line }
  return marker[0] === open.marker[0] && marker.length >= open.marker.length && line.trim() === marker ? null : open
}

/** What a line of a reply keeps as written: a code span (an unclosed one runs to the line's end), an address, an autolink, a link's target. */
const AS_WRITTEN = /(`+)(?!`).*?(?<!`)\1(?!`)|`+.*|\b(?:https?|ftp):\/\/[^\s`]+|\bwww\.[^\s`]+|<[^>\s`]+>|\]\([^)\s`]*\)/gs

/** One line of Markdown outside code blocks with its mentions and references neutralised, except in what it keeps as written ({@link AS_WRITTEN}). */
function neutraliseLine(line: string): string {
  let result = ''
  let at = 0
  for (const match of line.matchAll(AS_WRITTEN)) {
    result += neutralise(line.slice(at, match.index)) + match[0]
    at = match.index + match[0].length
  }
  return result + neutralise(line.slice(at))
}

/**
 * The model's Markdown reply as GitHub should show it: formatting kept (lists, code, links), but
 * no mention pings anyone and no `#123` links an issue ({@link neutralise}), except inside code
 * spans, fenced code blocks and link addresses, which are left as written.
 */
export function neutraliseMarkdown(markdown: string): string {
  let fence: Fence | null = null
  return markdown
    .split('\n')
    .map((line) => {
      const before = fence
      fence = fenceAfter(fence, line)
      return before || fence ? line : neutraliseLine(line)
    })
    .join('\n')
}

/** Where to cut `line` so that its first part has at most `room` code units: at the last space if there is one, never inside an escape or a surrogate pair. */
function cutAt(line: string, room: number): number {
  let at = Math.max(1, room)
  const space = line.lastIndexOf(' ', at)
  if (space > room / 2) return space + 1
  while (at > 1 && (line[at - 1] === '\\' || /[\uD800-\uDBFF]/.test(line[at - 1]))) at -= 1
  return at
}

/** The mark a comment continuing the one before it starts with. */
export const CONTINUED = '_(continued)_'

/**
 * `markdown` cut into comments of at most `budget` code units, between lines (a line longer than
 * a comment is cut at a space), each comment after the first starting with "(continued)": never
 * cut, always whole. A fenced code block cut in two is closed at the end of one comment and
 * opened again in the next, so each renders on its own.
 */
export function commentParts(markdown: string, budget = COMMENT_BUDGET): string[] {
  if (markdown.length <= budget) return [markdown]
  const parts: string[] = []
  let fence: Fence | null = null
  let current: string[] = []
  // The code units of `current` once joined, plus one for the line break before the next line.
  let size = 0
  let empty = true
  const closing = () => (fence ? fence.marker.length + 1 : 0)
  const continuing = () => [CONTINUED, '', ...(fence ? [fence.line] : [])]
  const room = () => budget - size - closing()
  const start = () => {
    current = parts.length === 0 ? [] : continuing()
    size = current.reduce((total, line) => total + line.length + 1, 0)
    empty = true
  }
  const flush = () => {
    if (fence) current.push(fence.marker)
    parts.push(current.join('\n'))
    start()
  }
  const push = (line: string) => {
    current.push(line)
    size += line.length + 1
    empty = false
  }
  const sliver = Math.min(200, Math.floor(budget / 4))
  start()
  for (let line of markdown.split('\n')) {
    while (line.length + 1 > room()) {
      // A line that fits a comment of its own starts the next one; a longer one fills this one first.
      const fresh = budget - continuing().join('\n').length - 1 - closing()
      if (!empty && (line.length + 1 <= fresh || room() < sliver)) {
        flush()
        continue
      }
      const at = cutAt(line, room() - 1)
      push(line.slice(0, at))
      line = line.slice(at)
      flush()
    }
    push(line)
    fence = fenceAfter(fence, line)
  }
  parts.push(current.join('\n'))
  return parts
}
