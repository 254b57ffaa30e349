/**
 * The call's facts (`cardFacts`: "Waiting for Dana", "Expires in 2 h (…)") as the last paragraph
 * of a card written in Markdown (GitHub's comments, Linear's activities): a blank line, then the
 * facts joined with " · " in italics, each made literal by the platform's `escape` (one line);
 * empty for a call without any.
 */
export function factsMarkdown(facts: string[], escape: (text: string) => string): string {
  return facts.length ? `\n\n_${escape(facts.join(' · '))}_` : ''
}
