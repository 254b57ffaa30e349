import { markdownLiteral } from 'frogbot/channels'
/**
 * The longest activity body FrogBot posts, in UTF-16 code units: Linear documents no limit for an
 * activity's Markdown, so the piece keeps to what a comment comfortably holds and cuts the rest
 * (a reply longer than this goes out in several activities).
 */
export const ACTIVITY_BUDGET = 50_000

// Characters with a meaning inside a line in Linear's Markdown (emphasis, code, links, images, HTML, tables, strikethrough).
const INLINE = /[\\`*_~[\]<>|&!]/g
/** A word joiner (U+2060) after an `@`: Linear reads no mention in `@\u2060name`, and readers see `@name`. */
const MENTION = /(?<![A-Za-z0-9_.+-])@(?=[A-Za-z0-9])/g

/**
 * The model's or a person's text as literal text in a Linear activity: every Markdown control
 * character escaped with a backslash, each line's start escaped where it would make a heading, a
 * quote or a list, leading indentation dropped (it would make a code block), control characters
 * removed, `@` mentions neutralised (nobody is notified by what the model wrote). `oneLine` folds
 * every run of whitespace into one space (labels, headers, names).
 */
export function escapeText(text: string, { oneLine = false }: { oneLine?: boolean } = {}): string {
  return markdownLiteral(text, { oneLine, inline: INLINE }).replace(MENTION, '@\u2060')
}

/** {@link escapeText} on one line: a label, a header, a name, a reason. */
export const escapeLine = (text: string) => escapeText(text, { oneLine: true })

/** `text` cut into parts of at most {@link ACTIVITY_BUDGET}, at a line break where there is one in the second half. */
export function activityParts(text: string): string[] {
  const parts: string[] = []
  let rest = text
  while (rest.length > ACTIVITY_BUDGET) {
    const cut = rest.lastIndexOf('\n', ACTIVITY_BUDGET)
    const at = cut > ACTIVITY_BUDGET / 2 ? cut : ACTIVITY_BUDGET
    parts.push(rest.slice(0, at))
    rest = rest.slice(at).replace(/^\n/, '')
  }
  return rest.trim() ? [...parts, rest] : parts
}
