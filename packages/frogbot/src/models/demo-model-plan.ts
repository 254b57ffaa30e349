import { joinWords, truncate } from './demo-model-text.ts'

/** One answer of a `question` call, as the demo model reads it from the tool result. */
export type DemoAnswer = { header: string; selected: string[]; custom?: string }

const DEMO_NOTE = '*This reply comes from the offline demo model, which fills a fixed template; configure a model provider for real answers.*'

/** `text` with Markdown's special characters escaped, so a label or typed answer shows as written. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]<>#|~]/g, '\\$&')
}

/** The plan as Markdown: three numbered steps around `choice` (already Markdown), a table of who does what, and the demo note. */
function plan(topic: string, choice: string | undefined): string {
  const topicText = escapeMarkdown(topic)
  const steps = [
    choice ? `**Settle the basics**: the dates, budget and people for ${topicText}, with ${choice} as the fixed point.` : `**Settle the basics**: the dates, budget and people for ${topicText}.`,
    choice ? `**Book first** what depends on ${choice}, while there is still a choice.` : '**Book first** the parts that are hardest to change, while there is still a choice.',
    '**Share the draft** and adjust it together.'
  ]
  const table = ['| Step | Who | When |', '| --- | --- | --- |', '| Settle the basics | You | This week |', '| Bookings | You | Next week |', '| Share the draft | Everyone | Before the end of the month |']
  return [steps.map((step, index) => `${index + 1}. ${step}`).join('\n'), table.join('\n'), DEMO_NOTE].join('\n\n')
}

/** What a person chose for one question, in Markdown: the labels in bold, then their typed answer; "chose" only in the `first` clause. */
function clauseOf(answer: DemoAnswer, first: boolean): string {
  const header = escapeMarkdown(answer.header)
  const wrote = answer.custom ? `you wrote: "${escapeMarkdown(truncate(answer.custom, 120))}"` : ''
  if (answer.selected.length > 0) return `${first ? 'chose ' : ''}${joinWords(answer.selected.map((label) => `**${escapeMarkdown(label)}**`))} for ${header}${wrote ? ` (${wrote})` : ''}`
  return wrote ? `for ${header} ${wrote}` : `left ${header} open`
}

/**
 * The demo model's reply to a `question` result, in Markdown: what was chosen for each question,
 * then a plan for `topic` built around the first answer. Without `answers` (dismissed, cancelled,
 * expired) it says so, with `reason`, and plans without them.
 */
export function planReply({ answers, topic, reason }: { answers?: DemoAnswer[]; topic: string; reason?: string }): string {
  if (!answers) {
    const why = reason ? ` (${escapeMarkdown(truncate(reason, 120))})` : ''
    return `No answer was given to the question${why}, so I will proceed without it. Here is a general plan for ${escapeMarkdown(topic)}:\n\n${plan(topic, undefined)}`
  }
  const [first] = answers
  const choice =
    first.selected.length > 0 ? joinWords(first.selected.map((label) => `**${escapeMarkdown(label)}**`)) : first.custom ? `"${escapeMarkdown(truncate(first.custom, 60))}"` : undefined
  const opening = `You ${joinWords(answers.map((answer, index) => clauseOf(answer, index === 0)))}.`.replace(/^You for /, 'For ')
  return `${opening} Here is a plan built around that:\n\n${plan(topic, choice)}`
}
