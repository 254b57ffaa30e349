import { describeTopic, listedOptions } from './demo-model-question.ts'
import { demoAsk } from './demo-model-questions.ts'
import { capitaliseProse, joinWords, truncate } from './demo-model-text.ts'
import { firstClause } from '../text/first-clause.ts'

/** Most words of a title taken from the message itself. */
const TITLE_WORDS = 6

/**
 * The title the demo model gives a chat that starts with `message`: what it is about, then what
 * it asks ("Team offsite: city or mountains", "Team offsite: a few questions", "Pick any toppings:
 * cheese, mushrooms, olives or peppers"); the message's first words when no topic shows.
 */
export function demoTitle(message: string): string {
  const topic = describeTopic(message)
  const about =
    topic === 'your request'
      ? firstClause(message).trim().split(/\s+/).slice(0, TITLE_WORDS).join(' ')
      : capitaliseProse(topic.replace(/^(a|an|the)\s+/i, ''))
  if (!about) return 'New chat'
  if (demoAsk(message).questions.length > 1) return `${about}: a few questions`
  const listed = listedOptions(message)
  return truncate(listed.length > 1 ? `${about}: ${joinWords(listed.map((label) => label.toLowerCase()), 'or')}` : about, 80)
}
