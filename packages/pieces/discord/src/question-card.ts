import type { ChannelQuestion, IdControl, PartialAnswer, QuestionSelection } from 'frogbot/channels'
import { answerText, clipDrawn as clip, controlIds, lastLineKept, optionPage } from 'frogbot/channels'
import { actionRow, button, ButtonStyle, type Component, ComponentType, container, escapeMarkdown, LIMITS, textDisplay } from './discord-components.ts'

/**
 * How many options one page of a question shows: as many string selects of 25 as fit one message
 * beside its text and buttons (15 × 25): a container, its text, 15 rows of a select and a row of
 * at most 5 buttons are 38 components, within Discord's 40.
 */
export const PAGE_OPTIONS = 375

/**
 * The custom ids of FrogBot's controls (at most 100 characters), the kit's `controlIds`: a
 * question card's `frogbot:<revision>:<step>:<kind letter>…` (a select's values are option
 * indices), an approval card's `fbap:<a|d|e>` (not `frogbot:…`: the question controls leave them
 * alone).
 */
export const CONTROL_IDS = controlIds({ cards: 'frogbot:', approvals: 'fbap:' }, LIMITS.menuOptions)

const idOf = CONTROL_IDS.card

/** Whether a question is drawn as a button per option: one choice, at most 5 options, none with a description, each label fitting a button. */
export const asButtons = (question: ChannelQuestion) =>
  !question.multiple && question.options.length > 0 && question.options.length <= LIMITS.rowButtons && question.options.every((option) => !option.description && option.label.length <= LIMITS.buttonLabel)

/** An option's label on a select: as it is when it fits, else numbered and shortened (listed in full on the card). */
const menuLabel = (label: string, index: number) => (label.length <= LIMITS.optionText ? label : clip(`${index + 1}. ${label}`, LIMITS.optionText))

/** The answers given before question `step`, for the card's "So far" line. */
function soFar(questions: ChannelQuestion[], selections: QuestionSelection[], step: number): string | null {
  const given = questions.slice(0, step).map((question, index) => `**${escapeMarkdown(question.header)}**: ${escapeMarkdown(answerText({ header: question.header, ...(selections[index] ?? { selected: [] }) }))}`)
  return given.length > 0 ? `-# So far: ${given.join(' · ')}` : null
}

/** The select menus of one page of a question (its options `shown`, the first at index `first`): 25 options each, option values their indices, the current picks marked. */
function menus(question: ChannelQuestion, { revision, step, first, shown, picked }: { revision: number; step: number; first: number; shown: ChannelQuestion['options']; picked: string[] }): Component[] {
  const rows: Component[] = []
  for (let from = first; from < first + shown.length; from += LIMITS.menuOptions) {
    const chunk = shown.slice(from - first, from - first + LIMITS.menuOptions)
    const range = question.options.length > LIMITS.menuOptions ? ` (options ${from + 1}–${from + chunk.length})` : ''
    const options = chunk.map((option, offset) => ({
      label: menuLabel(option.label, from + offset),
      value: String(from + offset),
      ...(option.description ? { description: clip(option.description, LIMITS.optionText) } : {}),
      ...(picked.includes(option.label) ? { default: true } : {})
    }))
    const placeholder = clip(`${question.multiple ? 'Choose one or more' : 'Choose one'}${range}`, LIMITS.placeholder)
    rows.push(actionRow([{ type: ComponentType.StringSelect, custom_id: idOf(revision, step, 'm', from), placeholder, min_values: question.multiple ? 0 : 1, max_values: question.multiple ? chunk.length : 1, options }]))
  }
  return rows
}

/**
 * The message of a waiting question card in Discord's Components V2 (flag `IS_COMPONENTS_V2`; the
 * caller adds it): one container showing the call's question at `partial.step` (several questions
 * are asked one at a time, "2 of 3", with the answers so far), its options as buttons (one
 * choice, up to 5 short options without descriptions: one click answers) or string selects of 25
 * (descriptions under the options; `multiple`: several picks per select, then **Next** or
 * **Submit**; more than {@link PAGE_OPTIONS}: pages), **Other…** where a typed answer is allowed,
 * and **Dismiss**. Labels longer than a control takes are shortened and numbered there and listed
 * in full on the card. Every custom id carries the partial answer's revision, so a click on an
 * older drawing is told the card changed. Model text is shown as written (Markdown escaped). The
 * call's `facts` (the kit's `cardFacts`: "Waiting for Dana", "Expires in 2 h (…)"), where there
 * are any, are a small line under the text.
 */
export function questionCard(questions: ChannelQuestion[], partial: PartialAnswer, page = 0, facts: string[] = []): Component[] {
  const step = Math.min(partial.step, questions.length - 1)
  const question = questions[step]
  const { revision } = partial
  const { selected, custom } = partial.selections[step] ?? { selected: [] }
  const { page: shownPage, pages, first, shown } = optionPage(question, page, PAGE_OPTIONS)
  const buttons = asButtons(question)
  const id = (...rest: IdControl) => idOf(revision, step, ...rest)

  const long = buttons ? [] : question.options.map((option, index) => ({ option, index })).filter(({ option }) => option.label.length > LIMITS.optionText)
  const lines = [
    `**${escapeMarkdown(question.header)}**${questions.length > 1 ? ` · ${step + 1} of ${questions.length}` : ''}`,
    escapeMarkdown(question.question),
    soFar(questions, partial.selections, step),
    question.multiple && selected.length > 0 ? `Picked: ${escapeMarkdown(selected.join(', '))}` : null,
    custom ? `Typed: “${escapeMarkdown(custom)}”` : null,
    ...(long.length > 0 ? ['Options in full:', ...long.map(({ option, index }) => `${index + 1}. ${escapeMarkdown(option.label)}`)] : []),
    pages > 1 ? `-# Page ${shownPage + 1} of ${pages}: options ${first + 1}–${first + shown.length} of ${question.options.length}` : null
  ]

  const controls = buttons
    ? [actionRow(question.options.map((option, index) => button(id('o', index), option.label, ButtonStyle.Primary)))]
    : menus(question, { revision, step, first, shown, picked: selected })
  const actions = [
    question.multiple && button(id('s'), step < questions.length - 1 ? 'Next' : 'Submit', ButtonStyle.Success),
    question.custom && button(id('x'), 'Other…'),
    button(id('d'), 'Dismiss', ButtonStyle.Danger),
    shownPage > 0 && button(id('p', shownPage - 1), '◀ Previous page'),
    shownPage < pages - 1 && button(id('p', shownPage + 1), 'Next page ▶')
  ]
  const factsLine = facts.length > 0 ? [textDisplay(`-# ${escapeMarkdown(facts.join(' · '))}`)] : []
  return [container([textDisplay(lines.filter((line) => line !== null).join('\n')), ...factsLine, ...controls, actionRow(actions.filter((action): action is Component => !!action))])]
}

/**
 * The message that replaces a card once its call ended: `text` (the kit's `settledText`, escaped)
 * in a container, no controls; cut to a text display's length with its last line (who answered)
 * kept whole.
 */
export const settledCard = (text: string): Component[] => [container([textDisplay(lastLineKept(text, LIMITS.text))])]
