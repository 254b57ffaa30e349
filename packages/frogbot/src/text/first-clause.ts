// Words whose period does not end a sentence ("Dr. Smith", "e.g. this", "vs. Vue").
const ABBREVIATIONS = new Set([
  'dr', 'mr', 'mrs', 'ms', 'prof', 'st', 'jr', 'sr', 'vs', 'etc', 'e.g', 'i.e', 'cf', 'no', 'fig',
  'approx', 'inc', 'ltd', 'co'
])

/**
 * Where the demo model's reading of a prompt cuts: a mark before white space or the end, a colon,
 * a semicolon, a line break.
 */
const DEMO_BREAKS = /[.?!]+(?=\s|$)|[:;\n]/g

/**
 * The first clause of `text`: what precedes the first match of `breaks` (a global pattern; by
 * default a colon, a semicolon, a line break or the end of the first sentence) that is not the
 * period of an abbreviation or an initial ("Dr. Smith", "e.g. this") or one followed by a word in
 * lower case. A sentence ends at `.`, `!` or `?` followed by white space or the end, so never inside
 * a word or a number: `file_a.txt`, `README.md`, `2.0`, `v1.2.3` stay whole. A match may be the
 * white space after the mark (`/(?<=[.?!])\s/`): the mark then stays with the clause.
 */
export function firstClause(text: string, breaks: RegExp = DEMO_BREAKS): string {
  for (const match of text.matchAll(breaks)) {
    const at = match.index
    const period = match[0].startsWith('.') ? at : /^\s/.test(match[0]) && text[at - 1] === '.' ? at - 1 : -1
    if (period >= 0) {
      const before = /[\p{L}.]*$/u.exec(text.slice(0, period))?.[0].toLowerCase() ?? ''
      const after = text.slice(period + 1).trimStart()
      if (ABBREVIATIONS.has(before) || /^\p{L}$/u.test(before) || /^\p{Ll}/u.test(after)) continue
    }
    return text.slice(0, at)
  }
  return text
}
