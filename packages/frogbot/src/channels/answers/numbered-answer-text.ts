import type { ChannelQuestion, QuestionSelection } from './question-answers.ts'

/**
 * What `selections` hold, written in FrogBot's numbered-answer grammar (`readNumberedAnswer`
 * reads it back): one line a question, `<number>. <header>: <answer>`, the answer the selected
 * labels joined with ", ", or the typed text in their place; a question without a selection ends
 * after its header. For prefilling a typed form of the answer (Slack's numbered answer modal; a
 * Discord modal or a Teams text input could too); the platform checks its own length limit.
 */
export function numberedAnswerText(questions: ChannelQuestion[], selections: QuestionSelection[] = []): string {
  return questions
    .map((question, index) => {
      const selection = selections[index]
      const answer = selection?.custom ?? selection?.selected.join(', ') ?? ''
      return `${index + 1}. ${question.header}: ${answer}`.trimEnd()
    })
    .join('\n')
}
