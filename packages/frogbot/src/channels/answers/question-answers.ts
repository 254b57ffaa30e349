import { QuestionInput, QuestionOutput } from '@frogbotai/protocol'

/** One question of a `question` call, with its defaults filled in (`multiple`, `custom`). */
export type ChannelQuestion = QuestionInput['questions'][number]

/** What a participant picked for one question: option labels exactly as offered, and typed text. */
export type QuestionSelection = { selected: string[]; custom?: string }

/**
 * The questions of a waiting `question` call's input (seed: "Question and answer shape"), with
 * `multiple: false` and `custom: true` filled in; `null` when the input is not a question call's.
 */
export function questionsOf(input: unknown): ChannelQuestion[] | null {
  const parsed = QuestionInput.safeParse(input)
  return parsed.success ? parsed.data.questions : null
}

/**
 * The answer to `questions` from one selection per question, in order: headers copied, typed text
 * trimmed and left out when empty or not allowed. The engine still checks it (the answer rules).
 */
export function answerFrom(questions: ChannelQuestion[], selections: QuestionSelection[]): QuestionOutput {
  return {
    answers: questions.map((question, index) => {
      const selection = selections[index] ?? { selected: [] }
      const custom = question.custom ? selection.custom?.trim() : undefined
      return { header: question.header, selected: selection.selected, ...(custom ? { custom } : {}) }
    })
  }
}

/**
 * The index of the first question a selection leaves without an answer (no option and no typed
 * text), or `-1`: a piece can point at it before asking the engine.
 */
export function firstUnanswered(questions: ChannelQuestion[], selections: QuestionSelection[]): number {
  return questions.findIndex((question, index) => {
    const selection = selections[index]
    return !selection || (selection.selected.length === 0 && !(question.custom && selection.custom?.trim()))
  })
}

/** An answer as people read it: the selected labels joined with ", ", then the typed text in quotes. */
export function answerText(answer: QuestionOutput['answers'][number]): string {
  return [...answer.selected, ...(answer.custom ? [`“${answer.custom}”`] : [])].join(', ')
}

/**
 * What a settlement of a `question` call says, for redrawing its card: `output`, the answer, when
 * the call was answered and its stored output is an answer (else `null`), and `errorText`, the
 * tool error a dismissal, cancellation or expiry stored in the call's part.
 */
export function settledAnswer(settlement: { outcome: string; part?: unknown }): { output: QuestionOutput | null; errorText?: string } {
  const part = (settlement.part ?? {}) as { output?: unknown; errorText?: string }
  const output = settlement.outcome === 'answered' ? (QuestionOutput.safeParse(part.output).data ?? null) : null
  return { output, ...(part.errorText !== undefined ? { errorText: part.errorText } : {}) }
}
