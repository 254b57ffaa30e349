import { answerText, type ChannelQuestion, clipDrawn as clip, type SettledActor, settledLine } from 'frogbot/channels'
import type { QuestionOutput } from 'frogbot/tools'
import { adaptiveCard, type DrawnCard, packedCard, richText } from './adaptive-card.ts'

/**
 * The card that replaces a question card once its call ended, without controls: each question
 * (its header and text) with its answer (✅), then who answered or dismissed it, or that it was
 * cancelled or expired. Within {@link CARD_BUDGET_BYTES}: lines that do not fit are told as a
 * count. `ending`: what ended the call (the kit's `SettledActor`; `who` is `null` for FrogBot).
 * `summary`: the notification's text, such as "Answered by Ada: Color: Blue".
 */
export function settledCard(questions: ChannelQuestion[], output: QuestionOutput | null, ending: SettledActor): DrawnCard {
  // Who answered or dismissed it, or that it was cancelled or expired (a reason clipped).
  const line = settledLine({ ...ending, who: ending.who ?? 'FrogBot' }, (text) => clip(text, 300))
  const answers = questions.map((question, index) => (output?.answers[index] ? `${question.header}: ${answerText(output.answers[index])}` : question.header))
  const summary = clip(`${line.replace(/\.$/, '')}: ${answers.join('; ')}`, 1000)
  const footer = richText([{ text: line, bold: ending.outcome === 'answered' }], { separator: true })
  const lines = questions.flatMap((question, index) => {
    const answer = output?.answers[index]
    return [
      richText([{ text: question.header, bold: true }, ': ', clip(question.question, 300)], index > 0 ? { spacing: 'Small' } : {}),
      ...(answer ? [richText([`✅ ${clip(answerText(answer), 2000)}`], { spacing: 'None' })] : [])
    ]
  })
  const rest = (count: number) => richText([{ text: `… and ${count} more lines.`, italic: true }])
  return { card: packedCard(lines, (kept) => adaptiveCard([...kept, footer]), { summary, margin: 200, rest }), summary }
}
