import type { QuestionOutput } from '@frogbotai/protocol'
import { answerFrom, type ChannelQuestion, firstUnanswered, type QuestionSelection } from './question-answers.ts'

/** Where a multi-step card stands: the question shown (`step`) and one selection per question so far (the kit's partial answer). */
export type CardState = { step: number; selections: QuestionSelection[] }

/**
 * What a person did on a card, as a piece reads it from its platform's event (a button, a select,
 * a typed reply), always about the question shown:
 * - `option`: the option at `index` was pressed: it answers a single-choice question, and toggles
 *   (☐/☑) on one that takes several;
 * - `picks`: a select of several shows options `first`… and now has `indices` picked among them
 *   (the picks outside it stay);
 * - `typed`: `text` typed as the answer to question `question` (default the one shown);
 * - `submit`: the picks of a question that takes several are done;
 * - `page`, `other`, `back`: only how the card looks changes (options page, the typed-answer
 *   prompt, back to the buttons): the piece draws it;
 * - `dismiss`: the call is dismissed.
 */
export type CardControl =
  | { kind: 'option'; index: number }
  | { kind: 'picks'; first: number; count: number; indices: number[] }
  | { kind: 'typed'; text: string; question?: number }
  | { kind: 'submit' }
  | { kind: 'page'; page: number }
  | { kind: 'other' }
  | { kind: 'back' }
  | { kind: 'dismiss' }

/**
 * What a control comes to: `answer` the call with `output` (through the settle door; `state` is
 * the partial answer it ends, for a piece that keeps it first); `keep` the
 * partial answer `state` and redraw; `look` (only the card's view changes: the piece draws it, with
 * `page` where one was asked); `dismiss`; `empty`: the question shown needs an option (or typed text)
 * first, the piece tells the person; `ignore`: the control names nothing the question has.
 */
export type CardStep =
  | { kind: 'answer'; output: QuestionOutput; state: CardState }
  | { kind: 'keep'; state: CardState }
  | { kind: 'look'; control: Extract<CardControl, { kind: 'page' | 'other' | 'back' }> }
  | { kind: 'dismiss' }
  | { kind: 'empty'; question: number }
  | { kind: 'ignore' }

/** `selections` with question `index` set to `selection`; every question has one. */
function withSelection(questions: ChannelQuestion[], selections: QuestionSelection[], index: number, selection: QuestionSelection): QuestionSelection[] {
  const next = questions.map((_, at) => selections[at] ?? { selected: [] })
  next[index] = selection
  return next
}

/** Labels of `question`'s options that `chosen` holds, in the options' order. */
const inOrder = (question: ChannelQuestion, chosen: Set<string>) => question.options.map((option) => option.label).filter((label) => chosen.has(label))

/** The step after `selections` changed at question `at`: the call's answer when nothing is left unanswered (with the state it ends in), else the first question without one. */
function advance(questions: ChannelQuestion[], selections: QuestionSelection[], at: number): CardStep {
  const next = firstUnanswered(questions, selections)
  return next === -1 ? { kind: 'answer', output: answerFrom(questions, selections), state: { step: at, selections } } : { kind: 'keep', state: { step: next, selections } }
}

/**
 * The one card reducer every piece with a multi-step card uses (FrogBot's piece kit): what
 * `control` on a card of `questions` in `state` comes to (see {@link CardStep}). An answered
 * question moves the card to the first question still without an answer, and the last one answers
 * the call; picks on a question that takes several are kept until `submit`; a typed answer is kept
 * beside the picks of a question that takes several and replaces them on one that takes one. Pure:
 * the piece keeps the state (`runtime.keep`, with the revision it read) and settles the answer
 * (`runtime.answer`), where who may answer is checked.
 */
export function nextCardState(questions: ChannelQuestion[], state: CardState, control: CardControl): CardStep {
  const step = Math.min(Math.max(state.step, 0), questions.length - 1)
  const question = questions[step]
  const selection = state.selections[step] ?? { selected: [] }
  switch (control.kind) {
    case 'dismiss':
      return { kind: 'dismiss' }
    case 'page':
    case 'other':
    case 'back':
      return control.kind === 'other' && !question.custom ? { kind: 'ignore' } : { kind: 'look', control }
    case 'option': {
      const option = question.options[control.index]
      if (!option) return { kind: 'ignore' }
      if (!question.multiple) return advance(questions, withSelection(questions, state.selections, step, { ...selection, selected: [option.label] }), step)
      const chosen = new Set(selection.selected)
      if (chosen.has(option.label)) chosen.delete(option.label)
      else chosen.add(option.label)
      return { kind: 'keep', state: { step, selections: withSelection(questions, state.selections, step, { ...selection, selected: inOrder(question, chosen) }) } }
    }
    case 'picks': {
      const shown = question.options.slice(control.first, control.first + control.count)
      if (control.indices.some((index) => index < control.first || index >= control.first + shown.length)) return { kind: 'ignore' }
      const picked = control.indices.map((index) => question.options[index].label)
      if (!question.multiple) return picked.length === 1 ? advance(questions, withSelection(questions, state.selections, step, { ...selection, selected: picked }), step) : { kind: 'ignore' }
      const inMenu = new Set(shown.map((option) => option.label))
      const chosen = new Set([...selection.selected.filter((label) => !inMenu.has(label)), ...picked])
      return { kind: 'keep', state: { step, selections: withSelection(questions, state.selections, step, { ...selection, selected: inOrder(question, chosen) }) } }
    }
    case 'typed': {
      const at = control.question ?? step
      const typedOn = questions[at]
      if (!typedOn?.custom || !control.text.trim()) return { kind: 'ignore' }
      const kept = state.selections[at] ?? { selected: [] }
      return advance(questions, withSelection(questions, state.selections, at, { selected: typedOn.multiple ? kept.selected : [], custom: control.text.trim() }), at)
    }
    case 'submit':
      if (!question.multiple) return { kind: 'ignore' }
      if (firstUnanswered([question], [selection]) === 0) return { kind: 'empty', question: step }
      return advance(questions, withSelection(questions, state.selections, step, selection), step)
  }
}
