import type { ChannelQuestion, QuestionSelection } from 'frogbot/channels'
import { type Block, choiceElement, LIMITS, pickedLabels, plain, questionSection } from './block-kit.ts'
import { isForm, questionBlock, type StateValues } from './question-card.ts'

/** The `callback_id` of the answer modal. */
export const ANSWER_MODAL = 'frogbot_answer'

const textBlock = (index: number) => `frogbot_t${index}`
const CHOICE = 'choice'
const TEXT = 'text'

function textInput(index: number, label: string, optional: boolean): Block {
  return {
    type: 'input',
    block_id: textBlock(index),
    optional,
    label: plain(label, LIMITS.label),
    element: { type: 'plain_text_input', action_id: TEXT, multiline: true, max_length: 3000 }
  }
}

/**
 * The modal "Type your answer" opens. One single-choice question: a text field for a custom
 * answer. A form: every question again, with what the card already holds picked, and a text field
 * under each question that allows a custom answer. `card` (the card's message id) comes back with
 * the submission as its private metadata; Chat SDK reads `{ m }` as the metadata.
 */
export function answerModal({ questions, card, initial }: { questions: ChannelQuestion[]; card: string; initial: QuestionSelection[] }): Block {
  const blocks: Block[] = isForm(questions)
    ? questions.flatMap((question, index) => [
        questionSection(question, question.multiple ? 'Select all that apply.' : undefined),
        { type: 'input', block_id: questionBlock(index), optional: true, label: plain(question.multiple ? 'Choose any' : 'Choose one', LIMITS.label), element: choiceElement(question, CHOICE, initial[index]) },
        ...(question.custom ? [textInput(index, 'Or type your own answer', true)] : [])
      ])
    : [questionSection(questions[0]), textInput(0, 'Your answer', false)]
  return {
    type: 'modal',
    callback_id: ANSWER_MODAL,
    title: plain('Your answer', LIMITS.modalTitle),
    submit: plain('Submit', LIMITS.button),
    close: plain('Cancel', LIMITS.button),
    private_metadata: JSON.stringify({ m: card }),
    blocks
  }
}

/** One selection per question from a submitted answer modal's `state.values`. */
export function readModal(questions: ChannelQuestion[], values: StateValues | undefined): QuestionSelection[] {
  const form = isForm(questions)
  return questions.map((question, index) => {
    const custom = values?.[textBlock(index)]?.[TEXT]?.value
    return { selected: form ? pickedLabels(question, values?.[questionBlock(index)]?.[CHOICE]) : [], ...(typeof custom === 'string' && custom ? { custom } : {}) }
  })
}

/** The block an error about question `index` is shown under: its text field when it has one, else its choices. */
export function modalErrorBlock(questions: ChannelQuestion[], index: number): string {
  const at = Math.max(0, Math.min(index, questions.length - 1))
  return questions[at].custom || !isForm(questions) ? textBlock(at) : questionBlock(at)
}
