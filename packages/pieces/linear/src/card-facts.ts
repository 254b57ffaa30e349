import { escapeText } from './linear-markdown.ts'

/**
 * The call's facts (the kit's `cardFacts`: "Waiting for Dana", "Expires in 2 h (…)") as the
 * last paragraph of a question's Markdown, in italics and escaped; empty for a call without any.
 */
export const factsMarkdown = (facts: string[]): string => (facts.length ? `\n\n_${escapeText(facts.join(' · '), { oneLine: true })}_` : '')
