import { answerText, type ChannelQuestion, type QuestionSelection } from 'frogbot/channels'
import type { QuestionOutput } from 'frogbot/tools'
import { type Block, choiceElement, escapeMrkdwn, LIMITS, mrkdwn, pickedLabels, plain, questionSection } from './block-kit.ts'

/**
 * The `action_id`s of a question card's controls. A single single-choice question answers on one
 * click (`option` buttons, or `pick` radios or menu); a form's fields (`field`) only change when
 * clicked and are read on `submit`; `custom` opens the answer modal; `dismiss` declines.
 */
export const ACTIONS = {
  option: 'frogbot_option_',
  pick: 'frogbot_pick',
  field: 'frogbot_field',
  submit: 'frogbot_submit',
  custom: 'frogbot_custom',
  dismiss: 'frogbot_dismiss'
} as const

/** The `block_id` of question `index`'s controls. */
export const questionBlock = (index: number) => `frogbot_q${index}`

/** Whether a call is answered with one form and Submit: several questions, or one that allows several options. */
export const isForm = (questions: ChannelQuestion[]) => questions.length > 1 || questions[0].multiple

/** Most options shown as buttons on a single single-choice question; up to 10 are radio buttons, more a menu (FrogBot's Slack controls). */
const BUTTONS_MAX = 5

function singleQuestionBlocks(question: ChannelQuestion): Block[] {
  const count = question.options.length
  const described = question.options.filter((option) => option.description)
  if (count <= BUTTONS_MAX) {
    const buttons = question.options.map((option, index) => ({ type: 'button', action_id: `${ACTIONS.option}${index}`, value: String(index), text: plain(option.label, LIMITS.button) }))
    const notes = described.map((option) => `*${escapeMrkdwn(option.label)}*: ${escapeMrkdwn(option.description!)}`)
    return [
      questionSection(question),
      ...(notes.length ? [{ type: 'context', elements: [mrkdwn(notes.join('\n'))] }] : []),
      { type: 'actions', block_id: questionBlock(0), elements: buttons }
    ]
  }
  return [questionSection(question), { type: 'actions', block_id: questionBlock(0), elements: [choiceElement(question, ACTIONS.pick)] }]
}

function formBlocks(questions: ChannelQuestion[]): Block[] {
  return questions.map((question, index) => ({
    ...questionSection(question, question.multiple ? 'Select all that apply.' : undefined),
    block_id: questionBlock(index),
    accessory: choiceElement(question, ACTIONS.field)
  }))
}

/**
 * The card of a waiting `question` call, as FrogBot draws it in Slack: one single-choice question
 * as up to 5 buttons, 6–10 radio buttons, or a menu for more, answered on one click; several
 * questions or a multi-select as one form (radio buttons or checkboxes up to 10 options, menus
 * beyond) with Submit; "Type your answer" (when a question allows it) opens the answer modal;
 * Dismiss. `text` is the notification's fallback.
 */
export function questionCard(questions: ChannelQuestion[]): { text: string; blocks: Block[] } {
  const form = isForm(questions)
  const controls = [
    ...(form ? [{ type: 'button', action_id: ACTIONS.submit, text: plain('Submit', LIMITS.button), style: 'primary', value: 'submit' }] : []),
    ...(questions.some((question) => question.custom) ? [{ type: 'button', action_id: ACTIONS.custom, text: plain('Type your answer', LIMITS.button), value: 'custom' }] : []),
    { type: 'button', action_id: ACTIONS.dismiss, text: plain('Dismiss', LIMITS.button), value: 'dismiss' }
  ]
  return {
    text: questions.map((question) => `${question.header}: ${question.question}`).join('\n'),
    blocks: [...(form ? formBlocks(questions) : singleQuestionBlocks(questions[0])), { type: 'actions', block_id: 'frogbot_controls', elements: controls }]
  }
}

/** Element states of an interaction, `state.values[block_id][action_id]` (Slack's `block_actions` and `view_submission`). */
export type StateValues = Record<string, Record<string, { selected_option?: { value?: string } | null; selected_options?: { value?: string }[]; value?: string | null }>>

/** What a participant has picked on a form so far, one selection per question, from its `state.values`. */
export function formSelections(questions: ChannelQuestion[], values: StateValues | undefined): QuestionSelection[] {
  return questions.map((question, index) => ({ selected: pickedLabels(question, values?.[questionBlock(index)]?.[ACTIONS.field]) }))
}

/**
 * What a click on a card means, read from the clicked `action` and the card's `state.values`:
 * `answer` with one selection per question (an option button or pick; Submit on a form),
 * `custom` (open the modal, starting from what the form holds), `dismiss`, or `ignore` (a form
 * field changing, or a control that is not a card's).
 */
export function readClick(
  questions: ChannelQuestion[],
  action: { action_id: string; value?: string; selected_option?: { value?: string } | null },
  values: StateValues | undefined
): { kind: 'answer'; selections: QuestionSelection[] } | { kind: 'custom'; selections: QuestionSelection[] } | { kind: 'dismiss' } | { kind: 'ignore' } {
  const id = String(action.action_id)
  const form = isForm(questions)
  if (id === ACTIONS.dismiss) return { kind: 'dismiss' }
  if (id === ACTIONS.custom) return questions.some((question) => question.custom) ? { kind: 'custom', selections: form ? formSelections(questions, values) : [{ selected: [] }] } : { kind: 'ignore' }
  // Only the controls this card drew count: Submit on a form, option buttons and picks elsewhere.
  if (form) return id === ACTIONS.submit ? { kind: 'answer', selections: formSelections(questions, values) } : { kind: 'ignore' }
  const picked = id === ACTIONS.pick ? pickedLabels(questions[0], action) : id.startsWith(ACTIONS.option) ? pickedLabels(questions[0], { selected_option: { value: action.value } }) : []
  return picked.length > 0 ? { kind: 'answer', selections: [{ selected: picked }] } : { kind: 'ignore' }
}

/** The mention of whoever settled a call, or what ended it. */
export type Actor = { outcome: 'answered' | 'dismissed' | 'cancelled' | 'expired'; who: string | null; reason?: string; errorText?: string }

/**
 * The card of a call that ended, replacing its controls: each question with its answer (✅), or
 * who dismissed it, or that it was cancelled or expired, and "Answered by @name".
 */
export function settledCard(questions: ChannelQuestion[], output: QuestionOutput | null, actor: Actor): { text: string; blocks: Block[] } {
  const by = actor.who ?? 'FrogBot'
  const summary =
    actor.outcome === 'answered'
      ? `Answered by ${by}`
      : actor.outcome === 'dismissed'
        ? `Dismissed by ${by}${actor.reason ? `: ${escapeMrkdwn(actor.reason)}` : ''}`
        : actor.outcome === 'expired'
          ? 'Expired without an answer.'
          : escapeMrkdwn(actor.errorText ?? 'Cancelled.')
  const lines = questions.map((question, index) => {
    const answer = output?.answers[index]
    const head = `*${escapeMrkdwn(question.header)}*: ${escapeMrkdwn(question.question)}`
    return answer ? `${head}\n✅ ${escapeMrkdwn(answerText(answer))}` : head
  })
  const mark = actor.outcome === 'answered' ? '' : actor.outcome === 'dismissed' ? '✖️ ' : actor.outcome === 'expired' ? '⌛ ' : '🚫 '
  return {
    text: `${summary.replace(/\.$/, '')}: ${questions.map((question, index) => (output?.answers[index] ? `${question.header}: ${answerText(output.answers[index])}` : question.header)).join('; ')}`,
    blocks: [{ type: 'section', text: mrkdwn(lines.join('\n\n')) }, { type: 'context', elements: [mrkdwn(`${mark}${summary}`)] }]
  }
}
