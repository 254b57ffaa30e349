import { type ChannelQuestion, clipDrawn as clip, howToAnswer } from 'frogbot/channels'
import { adaptiveCard, CARD_BUDGET_BYTES, type DrawnCard, type Element, messageBytes, packedCard, richText, TYPED_MAX } from './adaptive-card.ts'

/** The `actionId`s in the `data` of a question card's buttons (they come back in the submitted `value`). */
export const ACTIONS = { submit: 'frogbot_submit', dismiss: 'frogbot_dismiss' } as const

/** The input id of question `index`'s choices; its submitted value is the picked choices' values, comma-joined. */
export const choiceInput = (index: number) => `q${index}`

/** The input id of question `index`'s typed answer. */
export const textInput = (index: number) => `q${index}_text`

/** The input id of a numbered card's one text box. */
export const NUMBERED_INPUT = 'answers'

/** Most options shown as radio buttons or checkboxes (`expanded`); more are a dropdown (`compact`). */
export const EXPANDED_MAX = 10

/**
 * How a call's card is drawn, the first that fits {@link CARD_BUDGET_BYTES}: `full`, descriptions
 * and long labels as written (clipped only where no card could hold them); `short`, descriptions
 * shortened; `compact`, no descriptions and every choice set a dropdown; `numbered`, the questions
 * as a numbered list answered in one text box (FrogBot's numbered-answer grammar), cut to fit.
 */
export type CardLayout = 'full' | 'short' | 'compact' | 'numbered'

/** The longest text of each kind in each layout with controls (UTF-16 units; 0: left out). */
const LIMITS = {
  full: { question: 2000, label: 200, description: 300 },
  short: { question: 1000, label: 120, description: 80 },
  compact: { question: 300, label: 80, description: 0 }
} as const

const controls = (): Element[] => [
  { type: 'Action.Submit', title: 'Submit', style: 'positive', data: { actionId: ACTIONS.submit } },
  { type: 'Action.Submit', title: 'Dismiss', data: { actionId: ACTIONS.dismiss }, associatedInputs: 'none' }
]

/** The summary of a question card: what a notification of it shows. */
export const cardSummary = (questions: ChannelQuestion[]) => clip(questions.map((question) => `${question.header}: ${question.question}`).join('\n'), 1000)

/** One question's elements: its header and text, its options' descriptions, its choice set, and its text box where it takes typed answers. */
function questionElements(question: ChannelQuestion, index: number, count: number, layout: Exclude<CardLayout, 'numbered'>): Element[] {
  const limits = LIMITS[layout]
  const compact = layout === 'compact' || question.options.length > EXPANDED_MAX
  const described = limits.description > 0 ? question.options.filter((option) => option.description) : []
  return [
    richText([{ text: count > 1 ? `${index + 1}. ${question.header}` : question.header, bold: true }], index > 0 ? { separator: true, spacing: 'Medium' } : {}),
    richText([clip(question.question, limits.question)], { spacing: 'None' }),
    ...(question.multiple ? [richText([{ text: 'Select all that apply.', subtle: true, italic: true }], { spacing: 'None' })] : []),
    ...described.map((option) => richText([{ text: clip(option.label, limits.label), bold: true }, ': ', { text: clip(option.description!, limits.description), subtle: true }], { spacing: 'None' })),
    {
      type: 'Input.ChoiceSet',
      id: choiceInput(index),
      style: compact ? 'compact' : 'expanded',
      isMultiSelect: question.multiple,
      wrap: true,
      ...(compact ? { placeholder: question.multiple ? 'Choose options' : 'Choose an option' } : {}),
      choices: question.options.map((option, choice) => ({ title: clip(option.label, limits.label), value: String(choice) }))
    },
    ...(question.custom ? [{ type: 'Input.Text', id: textInput(index), placeholder: 'Or type your own answer', maxLength: TYPED_MAX, spacing: 'Small' }] : [])
  ]
}

/** The card of the numbered layout: the questions and their options as numbered lines (as many as fit), how to answer, one text box. */
function numberedCard(questions: ChannelQuestion[]): Element {
  const lines = questions.flatMap((question, index) => [
    richText([{ text: `${index + 1}. ${clip(question.header, 30)}`, bold: true }, ': ', clip(question.question, 300), ...(question.multiple ? [{ text: ' (select any)', italic: true }] : [])], index > 0 ? { spacing: 'Small' } : {}),
    ...question.options.map((option, choice) => richText([`    ${choice + 1}. ${clip(option.label, 80)}`], { spacing: 'None' }))
  ])
  const head = richText([{ text: 'Too many questions or options to show as controls here: answer each by its number in the box below.', italic: true }])
  const how = richText([{ text: clip(howToAnswer(questions), 1000), subtle: true }], { separator: true })
  const box = { type: 'Input.Text', id: NUMBERED_INPUT, isMultiline: true, maxLength: 10_000, placeholder: questions.length > 1 ? '1: 2\n2: 1, 3' : '2' }
  const rest = (count: number) => richText([{ text: `… and ${count} more lines not shown: answer those questions by their numbers all the same.`, italic: true }])
  return packedCard(lines, (listed) => adaptiveCard([head, ...listed, how, box], controls()), { summary: cardSummary(questions), margin: 400, rest })
}

/**
 * The Adaptive Card of a waiting `question` call, as FrogBot draws it in Teams: all its questions
 * on one card, each a header, its text and an `Input.ChoiceSet` (radio buttons, or checkboxes
 * with `isMultiSelect` for a question that takes several, up to {@link EXPANDED_MAX} options; a
 * dropdown beyond), whose choices' values are the options' indexes (Teams submits several picks
 * as one comma-joined string, so values are never labels); an `Input.Text` under it when typed
 * answers are allowed; **Submit** and **Dismiss** (`Action.Submit`: everything arrives in one
 * `message` activity's `value`). Drawn in the first {@link CardLayout} that fits the budget rather
 * than failing. `summary`: the notification's text. The call's `facts` (the kit's `cardFacts`:
 * "Waiting for Dana", "Expires in 2 h (…)"), where it has any, are a subtle line under the
 * questions and the end of the summary.
 */
export function questionCard(questions: ChannelQuestion[], facts: string[] = []): DrawnCard & { layout: CardLayout } {
  const drawn = fittedCard(questions)
  if (facts.length === 0) return drawn
  const line = richText([{ text: clip(facts.join(' · '), 1000), subtle: true }], { separator: true })
  return { ...drawn, card: { ...drawn.card, body: [...(drawn.card.body as Element[]), line] }, summary: `${drawn.summary}\n${facts.join('\n')}` }
}

/** The card of `questions` without the call's facts, in the first {@link CardLayout} that fits the budget. */
function fittedCard(questions: ChannelQuestion[]): DrawnCard & { layout: CardLayout } {
  const summary = cardSummary(questions)
  for (const layout of ['full', 'short', 'compact'] as const) {
    const card = adaptiveCard(questions.flatMap((question, index) => questionElements(question, index, questions.length, layout)), controls())
    if (messageBytes(card, summary) <= CARD_BUDGET_BYTES) return { card, summary, layout }
  }
  return { card: numberedCard(questions), summary, layout: 'numbered' }
}

/** The layout `questions` are drawn in (see {@link questionCard}). */
export const cardLayout = (questions: ChannelQuestion[]): CardLayout => fittedCard(questions).layout
