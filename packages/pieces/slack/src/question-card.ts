import type { ChannelQuestion, QuestionSelection, SettledActor } from 'frogbot/channels'
import { answerText, clipDrawn as clip, settledLine } from 'frogbot/channels'
import type { QuestionOutput } from 'frogbot/tools'
import type { ClickedAction, StateValues } from './slack-interactions.ts'
import { type Block, button, choiceElement, chunks, context, escapeMrkdwn, LIMITS, MENU_MAX_OPTIONS, packedSections, pickedLabels, questionSection } from './block-kit.ts'

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
  if (question.options.length > BUTTONS_MAX) return [questionSection(question), { type: 'actions', block_id: questionBlock(0), elements: [choiceElement(question, ACTIONS.pick)] }]
  const buttons = question.options.map((option, index) => button(`${ACTIONS.option}${index}`, option.label, { value: String(index) }))
  const notes = question.options.filter((option) => option.description).map((option) => `*${escapeMrkdwn(option.label)}*: ${escapeMrkdwn(option.description!)}`)
  return [questionSection(question), ...(notes.length ? [context(notes.join('\n'))] : []), { type: 'actions', block_id: questionBlock(0), elements: buttons }]
}

function formBlocks(questions: ChannelQuestion[]): Block[] {
  return questions.map((question, index) => ({
    ...questionSection(question, question.multiple ? 'Select all that apply.' : undefined),
    block_id: questionBlock(index),
    accessory: choiceElement(question, ACTIONS.field)
  }))
}

/** The `block_id` of the `row`th actions block of menus on a compact card. */
const menuRow = (row: number) => `frogbot_menus${row}`

/** The `action_id` of question `index`'s menu on a compact card (unique within its block, as Slack requires). */
const menuAction = (index: number) => `${ACTIONS.field}_${index}`

/** One line of the numbered list of a compact or numbered card. */
const numberedLine = (question: ChannelQuestion, index: number) =>
  `*${index + 1}. ${escapeMrkdwn(question.header)}*: ${escapeMrkdwn(question.question)}${question.multiple ? ' _(select all that apply)_' : ''}`

/** The menus of a compact card: one per question, 25 to an actions block (Slack's most elements per block). */
function menuRows(questions: ChannelQuestion[]): Block[] {
  const menus = questions.map((question, index) => choiceElement(question, menuAction(index), undefined, { menu: true, placeholder: `${index + 1}. ${question.header}` }))
  return chunks(menus, LIMITS.actionsElements).map((elements, row) => ({ type: 'actions', block_id: menuRow(row), elements }))
}

/**
 * How a call's card is drawn, within Block Kit's limits ({@link LIMITS}; Slack refuses a message
 * beyond them): `full`, the controls of {@link questionCard}; `compact`, when a form would take
 * more than 50 blocks: the questions as a numbered list and a menu for each, 25 menus to a row,
 * with Submit; `numbered`, when even that does not fit (more than 1,200 questions) or a question
 * has more options than a menu holds (10,000): the numbered list alone, answered in the numbered
 * text form of the answer modal ("Type your answers"), whether or not a question allows typed answers.
 */
export function cardLayout(questions: ChannelQuestion[]): 'full' | 'compact' | 'numbered' {
  if (questions.some((question) => question.options.length > MENU_MAX_OPTIONS)) return 'numbered'
  if (!isForm(questions) || questions.length + 1 <= LIMITS.messageBlocks) return 'full'
  return Math.ceil(questions.length / LIMITS.actionsElements) + 2 <= LIMITS.messageBlocks ? 'compact' : 'numbered'
}

/**
 * The card of a waiting `question` call, as FrogBot draws it in Slack: one single-choice question
 * as up to 5 buttons, 6–10 radio buttons, or a menu for more, answered on one click; several
 * questions or a multi-select as one form (radio buttons or checkboxes up to 10 options, menus
 * beyond) with Submit; "Type your answer" (when a question allows it) opens the answer modal;
 * Dismiss. A call too big for that is drawn compact or numbered ({@link cardLayout}), so that it
 * can always be answered. `text` is the notification's fallback (at most 4000 characters).
 */
export function questionCard(questions: ChannelQuestion[]): { text: string; blocks: Block[] } {
  const layout = cardLayout(questions)
  const form = layout !== 'numbered' && isForm(questions)
  const typed = layout === 'numbered' || questions.some((question) => question.custom)
  const controls = [
    ...(form ? [button(ACTIONS.submit, 'Submit', { value: 'submit', style: 'primary' })] : []),
    ...(typed ? [button(ACTIONS.custom, layout === 'numbered' ? 'Type your answers' : 'Type your answer', { value: 'custom', style: layout === 'numbered' ? 'primary' : undefined })] : []),
    button(ACTIONS.dismiss, 'Dismiss', { value: 'dismiss' })
  ]
  const controlsBlock = { type: 'actions', block_id: 'frogbot_controls', elements: controls }
  const text = clip(questions.map((question) => `${question.header}: ${question.question}`).join('\n'), LIMITS.fallbackText)
  if (layout === 'full') return { text, blocks: [...(form ? formBlocks(questions) : singleQuestionBlocks(questions[0])), controlsBlock] }
  const lines = questions.map(numberedLine)
  if (layout === 'compact') {
    const menus = menuRows(questions)
    return { text, blocks: [...packedSections(lines, LIMITS.messageBlocks - 1 - menus.length, ' (each menu names its question)'), ...menus, controlsBlock] }
  }
  const note = context('Too many questions or options to show as controls here: *Type your answers* and answer each by its number.')
  return { text, blocks: [...packedSections(lines, LIMITS.messageBlocks - 2, ' (answer them by number all the same)'), note, controlsBlock] }
}

/** What a participant has picked on a form so far, one selection per question, from its `state.values`. */
export function formSelections(questions: ChannelQuestion[], values: StateValues | undefined): QuestionSelection[] {
  const compact = cardLayout(questions) === 'compact'
  return questions.map((question, index) => ({
    selected: pickedLabels(question, compact ? values?.[menuRow(Math.floor(index / LIMITS.actionsElements))]?.[menuAction(index)] : values?.[questionBlock(index)]?.[ACTIONS.field])
  }))
}

/**
 * What a click on a card means, read from the clicked `action` and the card's `state.values`:
 * `answer` with one selection per question (an option button or pick; Submit on a form),
 * `custom` (open the modal, starting from what the form holds), `dismiss`, or `ignore` (a form
 * field changing, or a control that is not a card's).
 */
export function readClick(
  questions: ChannelQuestion[],
  action: ClickedAction,
  values: StateValues | undefined
): { kind: 'answer'; selections: QuestionSelection[] } | { kind: 'custom'; selections: QuestionSelection[] } | { kind: 'dismiss' } | { kind: 'ignore' } {
  const id = String(action.action_id)
  const layout = cardLayout(questions)
  const form = isForm(questions)
  if (id === ACTIONS.dismiss) return { kind: 'dismiss' }
  if (layout === 'numbered') return id === ACTIONS.custom ? { kind: 'custom', selections: questions.map(() => ({ selected: [] })) } : { kind: 'ignore' }
  if (id === ACTIONS.custom) return questions.some((question) => question.custom) ? { kind: 'custom', selections: form ? formSelections(questions, values) : [{ selected: [] }] } : { kind: 'ignore' }
  // Only the controls this card drew count: Submit on a form, option buttons and picks elsewhere.
  if (form) return id === ACTIONS.submit ? { kind: 'answer', selections: formSelections(questions, values) } : { kind: 'ignore' }
  const picked = id === ACTIONS.pick ? pickedLabels(questions[0], action) : id.startsWith(ACTIONS.option) ? pickedLabels(questions[0], { selected_option: { value: action.value } }) : []
  return picked.length > 0 ? { kind: 'answer', selections: [{ selected: picked }] } : { kind: 'ignore' }
}

/**
 * The card of a call that ended, replacing its controls: each question with its answer (✅), and
 * the kit's `settledLine` ("Answered by @name", who dismissed it, that it was cancelled or expired).
 */
export function settledCard(questions: ChannelQuestion[], output: QuestionOutput | null, actor: SettledActor): { text: string; blocks: Block[] } {
  const line = settledLine({ ...actor, who: actor.who ?? 'FrogBot' }, escapeMrkdwn)
  const lines = questions.map((question, index) => {
    const answer = output?.answers[index]
    const head = `*${escapeMrkdwn(question.header)}*: ${escapeMrkdwn(question.question)}`
    return answer ? `${head}\n✅ ${escapeMrkdwn(answerText(answer))}` : head
  })
  const answered = questions.map((question, index) => (output?.answers[index] ? `${question.header}: ${answerText(output.answers[index])}` : question.header))
  // The notification text leaves the line's mark and final stop out: "Dismissed by @ada: Color".
  const summary = line.replace(/^\p{Extended_Pictographic}\uFE0F? /u, '').replace(/\.$/, '')
  return { text: clip(`${summary}: ${answered.join('; ')}`, LIMITS.fallbackText), blocks: [...packedSections(lines, LIMITS.messageBlocks - 1), context(line)] }
}
