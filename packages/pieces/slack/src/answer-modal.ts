import type { ChannelQuestion, QuestionSelection } from 'frogbot/channels'
import { numberedAnswerText, type ReadAction, readNumberedAnswer, selectionsAnswer } from 'frogbot/channels'
import { type Block, choiceElement, LIMITS, modal, pickedLabels, plain, questionSection, section, textInput } from './block-kit.ts'
import { cardLayout, isForm, questionBlock } from './question-card.ts'
import type { StateValues } from './slack-interactions.ts'

/** The `callback_id` of the answer modal. */
export const ANSWER_MODAL = 'frogbot_answer'

const textBlock = (index: number) => `frogbot_t${index}`
/** The `block_id` of the numbered text form's one field. */
const NUMBERED = 'frogbot_numbered'
const CHOICE = 'choice'
const TEXT = 'text'
/** What the numbered text form is told when it holds no answer. */
const ONE_LINE_EACH = 'Write one line a question, starting with its number.'

const typedAnswer = (index: number, label: string, optional: boolean) => textInput(textBlock(index), label, TEXT, { optional, max_length: LIMITS.inputText })

/**
 * The modal "Type your answer" opens. One single-choice question: a text field for a custom
 * answer. A form: every question again, with what the card already holds picked, and a text field
 * under each question that allows a custom answer. A call too big for that (more than Slack's
 * 100 blocks in a modal, or a card drawn numbered) gets the numbered text form instead: one text
 * field, a line a question, starting from what the card holds, read with FrogBot's numbered-answer
 * grammar (`readNumberedAnswer`). `card` (the card's message id) comes back with the submission.
 */
export function answerModal({ questions, card, initial }: { questions: ChannelQuestion[]; card: string; initial: QuestionSelection[] }): Block {
  const full: Block[] = isForm(questions)
    ? questions.flatMap((question, index) => [
        questionSection(question, question.multiple ? 'Select all that apply.' : undefined),
        { type: 'input', block_id: questionBlock(index), optional: true, label: plain(question.multiple ? 'Choose any' : 'Choose one', LIMITS.label), element: choiceElement(question, CHOICE, initial[index]) },
        ...(question.custom ? [typedAnswer(index, 'Or type your own answer', true)] : [])
      ])
    : [questionSection(questions[0]), typedAnswer(0, 'Your answer', false)]
  return modal(ANSWER_MODAL, { title: 'Your answer', submit: 'Submit', messageId: card, blocks: isNumbered(questions) ? numberedBlocks(questions, initial) : full })
}

/** How many blocks the full answer modal of a form takes: per question its text, its choices, and a text field when it allows one. */
const fullModalBlocks = (questions: ChannelQuestion[]) => (isForm(questions) ? questions.reduce((count, question) => count + (question.custom ? 3 : 2), 0) : 2)

/** Whether a call is answered in the numbered text form of the modal (see {@link answerModal}). */
const isNumbered = (questions: ChannelQuestion[]) => cardLayout(questions) === 'numbered' || fullModalBlocks(questions) > LIMITS.modalBlocks

/**
 * The numbered text form of the modal: how to write it, and one text field prefilled with what the
 * card holds (the kit's `numberedAnswerText`: one line a question, `<number>. <header>: <answer>`),
 * left empty when that would not fit the field.
 */
function numberedBlocks(questions: ChannelQuestion[], initial: QuestionSelection[]): Block[] {
  const text = numberedAnswerText(questions, initial)
  const prefill = text.length <= LIMITS.inputText ? text : ''
  const how = 'One line a question, starting with its number: `2: Blue`. Choose options by number or as they are written (for several, separate them with commas), or, where a question allows it, write your own words.'
  return [
    section(`*${questions.length} question${questions.length === 1 ? '' : 's'}* (listed on the card)\n${how}`),
    textInput(NUMBERED, 'Your answers', TEXT, { max_length: LIMITS.inputText, ...(prefill ? { initial_value: prefill } : {}) })
  ]
}

/**
 * What a submitted answer modal comes to, from its `state.values` (the kit's `ReadAction`): the
 * answer to settle (one selection per question, or the numbered text form read whole), or the
 * `invalid` notice of the rule it broke (`question`: the index of a question left without an
 * answer, for {@link modalErrorBlock}).
 */
export function readModal(questions: ChannelQuestion[], values: StateValues | undefined): ReadAction {
  if (isNumbered(questions)) {
    const text = values?.[NUMBERED]?.[TEXT]?.value
    const read = readNumberedAnswer(questions, typeof text === 'string' ? text : '', { addressed: true })
    if (read.kind === 'answer') return { action: { output: read.output } }
    return { notice: { kind: 'invalid', message: read.kind === 'invalid' ? read.message : ONE_LINE_EACH } }
  }
  const form = isForm(questions)
  const selections = questions.map((question, index) => {
    const custom = values?.[textBlock(index)]?.[TEXT]?.value
    return { selected: form ? pickedLabels(question, values?.[questionBlock(index)]?.[CHOICE]) : [], ...(typeof custom === 'string' && custom ? { custom } : {}) }
  })
  const read = selectionsAnswer(questions, selections)
  return 'kind' in read ? { notice: read } : { action: read }
}

/** The block an error about question `index` is shown under: the numbered form's field, else its text field when it has one, else its choices. */
export function modalErrorBlock(questions: ChannelQuestion[], index: number): string {
  if (isNumbered(questions)) return NUMBERED
  const at = Math.max(0, Math.min(index, questions.length - 1))
  return questions[at].custom || !isForm(questions) ? textBlock(at) : questionBlock(at)
}
