import { drawnText } from '../text/drawn-text.ts'

/** Characters with a meaning inside a line of GitHub Flavored Markdown: emphasis, code, links, images, HTML, tables, strikethrough, math, entities. */
const GFM_INLINE = /[\\`*_~[\]<>|&$!]/g

// What makes a line a heading, a quote, a list item, a setext underline or a table row.
const LINE_START = /^[#>+=-]/
const ORDERED = /^(\d{1,9})([.)])/

/**
 * The model's or a person's text as literal text in Markdown (a comment, an activity): control and
 * bidi-override characters removed (`drawnText`), every character of `inline` escaped with a
 * backslash (default: GitHub Flavored Markdown's), each line's start escaped where it would make
 * a heading, a quote or a list, leading indentation dropped (it would make a code block).
 * `oneLine` folds every run of whitespace, newlines too, into one space (labels, headers, names);
 * otherwise lines are kept, blank runs as one. Mentions and links are the platform's to neutralise.
 */
export function markdownLiteral(text: string, { oneLine = false, inline = GFM_INLINE }: { oneLine?: boolean; inline?: RegExp } = {}): string {
  const clean = drawnText(text)
  const lines = oneLine ? [clean.replace(/\s+/g, ' ').trim()] : clean.split(/\r\n?|\n/).map((line) => line.trim())
  return lines
    .filter((line, index) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .map((line) => line.replace(inline, '\\$&').replace(LINE_START, '\\$&').replace(ORDERED, '$1\\$2'))
    .join('\n')
    .trim()
}
