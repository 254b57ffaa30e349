import { isBlankText, type QuestionOutput } from '@frogbotai/protocol'

/** One question as the card shows it: the model's input with `multiple` and `custom` filled in. */
export type CardQuestion = {
  header: string
  question: string
  options: { label: string; description?: string }[]
  multiple: boolean
  custom: boolean
}

/** What the person has chosen so far for one question. */
export type AnswerDraft = { selected: string[]; custom: string }

/** The card's progress: the question shown (`step`), whether the review is shown, and each answer so far. */
export type QuestionDraft = { step: number; reviewing: boolean; answers: AnswerDraft[] }

export type DraftAction =
  | { type: 'pick'; question: CardQuestion; index: number; label: string }
  | { type: 'custom'; question: CardQuestion; index: number; text: string }
  | { type: 'go'; step: number }
  | { type: 'review' }

export const emptyDraft: QuestionDraft = { step: 0, reviewing: false, answers: [] }

const blank: AnswerDraft = { selected: [], custom: '' }

/**
 * The questions of a `question` tool input, with the seed's defaults (`multiple: false`,
 * `custom: true`); `[]` while the input is incomplete or not a question input.
 */
export function cardQuestions(input: unknown): CardQuestion[] {
  const questions = (input as { questions?: unknown } | null | undefined)?.questions
  if (!Array.isArray(questions)) return []
  const valid = questions.every(
    (q) => q && typeof q.header === 'string' && typeof q.question === 'string' && Array.isArray(q.options) && q.options.every((o: { label?: unknown }) => typeof o?.label === 'string')
  )
  if (!valid) return []
  return questions.map((q) => ({
    header: q.header,
    question: q.question,
    options: q.options.map((o: { label: string; description?: unknown }) => ({ label: o.label, ...(typeof o.description === 'string' ? { description: o.description } : {}) })),
    multiple: q.multiple === true,
    custom: q.custom !== false
  }))
}

/**
 * A draft kept on the server (docs/ui/components.md) as the card can use it: the step and the
 * review as they were, each answer with the labels this question still offers and its typed text.
 * Anything else (nothing saved, another card's JSON) is the empty draft.
 */
export function restoreDraft(questions: CardQuestion[], saved: unknown): QuestionDraft {
  const value = saved as Partial<QuestionDraft> | null | undefined
  if (!value || typeof value !== 'object' || !Array.isArray(value.answers)) return emptyDraft
  const answers = questions.map((question, index) => {
    const answer = (value.answers as unknown[])[index] as Partial<AnswerDraft> | undefined
    const offered = new Set(question.options.map((option) => option.label))
    const selected = Array.isArray(answer?.selected) ? answer.selected.filter((label): label is string => typeof label === 'string' && offered.has(label)) : []
    const custom = question.custom && typeof answer?.custom === 'string' ? answer.custom : ''
    return { selected: question.multiple ? [...new Set(selected)] : selected.slice(0, 1), custom }
  })
  const step = Number.isInteger(value.step) ? Math.min(Math.max(value.step as number, 0), Math.max(questions.length - 1, 0)) : 0
  return { step, reviewing: value.reviewing === true && questions.length > 1, answers }
}

/** The draft answer of question `index`. */
export function answerAt(draft: QuestionDraft, index: number): AnswerDraft {
  return draft.answers[index] ?? blank
}

/**
 * The card's state changes. Picking an option in a single-choice question replaces the selection
 * and clears typed text; in a multi-select question it toggles. Typing in a single-choice question
 * clears the selection (FrogBot's question card).
 */
export function draftReducer(draft: QuestionDraft, action: DraftAction): QuestionDraft {
  switch (action.type) {
    case 'pick': {
      const current = answerAt(draft, action.index)
      const next: AnswerDraft = action.question.multiple
        ? { ...current, selected: current.selected.includes(action.label) ? current.selected.filter((l) => l !== action.label) : [...current.selected, action.label] }
        : { selected: [action.label], custom: '' }
      return withAnswer(draft, action.index, next)
    }
    case 'custom': {
      const current = answerAt(draft, action.index)
      const selected = action.question.multiple || action.text.trim() === '' ? current.selected : []
      return withAnswer(draft, action.index, { selected, custom: action.text })
    }
    case 'go':
      return { ...draft, step: action.step, reviewing: false }
    case 'review':
      return { ...draft, reviewing: true }
  }
}

function withAnswer(draft: QuestionDraft, index: number, answer: AnswerDraft): QuestionDraft {
  const answers = [...draft.answers]
  answers[index] = answer
  return { ...draft, answers }
}

/** True when the question has a selection or, where allowed, typed text that shows something (not `isBlankText`: the server's rule). */
export function isAnswered(question: CardQuestion, answer: AnswerDraft): boolean {
  return answer.selected.length > 0 || (question.custom && !isBlankText(answer.custom))
}

/** The tool output for the draft: one answer per question, in order (seed: "Question and answer shape"). */
export function questionOutput(questions: CardQuestion[], draft: QuestionDraft): QuestionOutput {
  return {
    answers: questions.map((question, index) => {
      const answer = answerAt(draft, index)
      const custom = question.custom ? answer.custom.trim() : ''
      return { header: question.header, selected: answer.selected, ...(custom ? { custom } : {}) }
    })
  }
}

/** An answer in words: the selected labels, then the typed text in quotes; `Not answered yet` when empty. */
export function describeAnswer(answer: { selected: readonly string[]; custom?: string }): string {
  const parts = [...answer.selected]
  if (answer.custom?.trim()) parts.push(`“${answer.custom.trim()}”`)
  return parts.length > 0 ? parts.join(', ') : 'Not answered yet'
}
