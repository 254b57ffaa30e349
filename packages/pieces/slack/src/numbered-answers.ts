import type { ChannelQuestion, QuestionSelection } from 'frogbot/channels'
import { clip, LIMITS } from './block-kit.ts'

/**
 * The numbered text form of a call's answers (the fallback where Block Kit cannot hold the
 * controls, SPEC §9): one line a question, `<number>. <header>: <answer>`, the answer being what
 * `selections` holds (labels joined with ", ", or the typed text). Left empty when the whole form
 * would be longer than a text field takes (3000 characters).
 */
export function numberedText(questions: ChannelQuestion[], selections: QuestionSelection[] = []): string {
  const text = questions
    .map((question, index) => {
      const selection = selections[index]
      const answer = selection?.custom ?? selection?.selected.join(', ') ?? ''
      return `${index + 1}. ${question.header}: ${answer}`.trimEnd()
    })
    .join('\n')
  return text.length <= LIMITS.inputText ? text : ''
}

const LINE = /^\s*(\d{1,6})\s*[.:)]\s?(.*)$/

/**
 * Reads answers written in the numbered text form: each non-empty line starts with its question's
 * number (`2: Blue`, `2. Color: Blue`; the header after the number may be left out). An answer
 * that is an option's label (case aside) picks it, and for a multi-select so do labels separated
 * by commas; other text is the typed answer where the question allows one. A question without a
 * line is left unanswered. Returns one selection per question, or the first problem as a message
 * for people and the index of the question at fault (when there is one).
 */
export function readNumbered(questions: ChannelQuestion[], text: string): { selections: QuestionSelection[] } | { problem: string; question?: number } {
  const selections: QuestionSelection[] = questions.map(() => ({ selected: [] }))
  const lines = text.split(/\r?\n/)
  for (const [at, line] of lines.entries()) {
    if (line.trim() === '') continue
    const match = LINE.exec(line)
    const index = match ? Number(match[1]) - 1 : -1
    if (!match) return { problem: `Line ${at + 1}: start each answer with its question's number, as in “1: ${clip(questions[0].options[0].label, 40)}”.` }
    if (index < 0 || index >= questions.length) return { problem: `Line ${at + 1}: there is no question ${index + 1}; the questions are numbered 1 to ${questions.length}.` }
    const question = questions[index]
    let answer = match[2].trim()
    if (answer.toLowerCase().startsWith(`${question.header.toLowerCase()}:`)) answer = answer.slice(question.header.length + 1).trim()
    if (answer === '') continue
    const label = (text: string) => question.options.find((option) => option.label.toLowerCase() === text.trim().toLowerCase())?.label
    const whole = label(answer)
    const parts = question.multiple ? answer.split(',').map(label) : []
    if (whole) selections[index] = { selected: [whole] }
    else if (parts.length > 1 && parts.every((part) => part !== undefined)) selections[index] = { selected: [...new Set(parts as string[])] }
    else if (question.custom) selections[index] = { selected: [], custom: answer }
    else return { problem: `Question ${index + 1} (“${question.header}”): “${clip(answer, 60)}” is not one of its options; write one as it is written.`, question: index }
  }
  return { selections }
}
