import { answerText, type ChannelQuestion, type PartialAnswer, type QuestionSelection } from 'frogbot/channels'
import { actionRow, button, ButtonStyle, clip, type Component, ComponentType, container, escapeMarkdown, LIMITS, textDisplay } from './discord-components.ts'

/** The prefix of every custom id on FrogBot's cards. */
export const CUSTOM_ID_PREFIX = 'frogbot:'

/**
 * How many options one page of a question shows: as many string selects of 25 as fit one message
 * beside its text and buttons (15 × 25): a container, its text, 15 rows of a select and a row of
 * at most 5 buttons are 38 components, within Discord's 40.
 */
export const PAGE_OPTIONS = 375

/**
 * What a control of a card does, as its custom id says (`frogbot:<revision>:<step>:<kind>…`, at
 * most 100 characters): `option` (a button: pick option `index`), `menu` (the select holding
 * options from `first`: its values are option indices), `submit` (the picks of a multi-pick
 * question: Next or Submit), `other` ("Other…": the presser's next message is the typed answer),
 * `dismiss`, `page` (show page `page` of the question's options).
 */
export type Control =
  | { kind: 'option'; revision: number; step: number; index: number }
  | { kind: 'menu'; revision: number; step: number; first: number }
  | { kind: 'submit' | 'other' | 'dismiss'; revision: number; step: number }
  | { kind: 'page'; revision: number; step: number; page: number }

const idOf = (revision: number, step: number, ...rest: (string | number)[]) => [`${CUSTOM_ID_PREFIX}${revision}`, step, ...rest].join(':')
const NUMBER = /^(0|[1-9]\d{0,5})$/

/** The control a custom id names, or `null` when it is none of FrogBot's (or malformed). */
export function readControl(customId: string): Control | null {
  if (!customId.startsWith(CUSTOM_ID_PREFIX)) return null
  const [revision, step, kind, arg, ...rest] = customId.slice(CUSTOM_ID_PREFIX.length).split(':')
  if (rest.length > 0 || !NUMBER.test(revision ?? '') || !NUMBER.test(step ?? '')) return null
  const base = { revision: Number(revision), step: Number(step) }
  if ((kind === 'o' || kind === 'm' || kind === 'p') && NUMBER.test(arg ?? '')) {
    if (kind === 'o') return { kind: 'option', ...base, index: Number(arg) }
    if (kind === 'm') return { kind: 'menu', ...base, first: Number(arg) }
    return { kind: 'page', ...base, page: Number(arg) }
  }
  if (arg !== undefined) return null
  if (kind === 's') return { kind: 'submit', ...base }
  if (kind === 'x') return { kind: 'other', ...base }
  if (kind === 'd') return { kind: 'dismiss', ...base }
  return null
}

/** Whether a question is drawn as a button per option: one choice, at most 5 options, none with a description, each label fitting a button. */
export const asButtons = (question: ChannelQuestion) =>
  !question.multiple && question.options.length > 0 && question.options.length <= LIMITS.rowButtons && question.options.every((option) => !option.description && option.label.length <= LIMITS.buttonLabel)

/** How many pages a question's options take ({@link PAGE_OPTIONS} each). */
export const pageCount = (question: ChannelQuestion) => Math.max(1, Math.ceil(question.options.length / PAGE_OPTIONS))

/** An option's label on a select: as it is when it fits, else numbered and shortened (listed in full on the card). */
const menuLabel = (label: string, index: number) => (label.length <= LIMITS.optionText ? label : clip(`${index + 1}. ${label}`, LIMITS.optionText))

/** The answers given so far, for the card's "So far" line. */
function soFar(questions: ChannelQuestion[], selections: QuestionSelection[], step: number): string | null {
  const given = questions.slice(0, step).map((question, index) => {
    const selection = selections[index] ?? { selected: [] }
    return `**${escapeMarkdown(question.header)}**: ${escapeMarkdown(answerText({ header: question.header, selected: selection.selected, ...(selection.custom ? { custom: selection.custom } : {}) }))}`
  })
  return given.length > 0 ? `-# So far: ${given.join(' · ')}` : null
}

/** The select menus of one page of a question: 25 options each, option values their indices, the current picks marked. */
function menus(question: ChannelQuestion, { revision, step, page, picked }: { revision: number; step: number; page: number; picked: Set<string> }): Component[] {
  const first = page * PAGE_OPTIONS
  const shown = question.options.slice(first, first + PAGE_OPTIONS)
  const rows: Component[] = []
  for (let start = 0; start < shown.length; start += LIMITS.menuOptions) {
    const chunk = shown.slice(start, start + LIMITS.menuOptions)
    const from = first + start
    const placeholder = question.multiple ? 'Choose one or more' : 'Choose one'
    const range = question.options.length > LIMITS.menuOptions ? ` (options ${from + 1}–${from + chunk.length})` : ''
    rows.push(
      actionRow([
        {
          type: ComponentType.StringSelect,
          custom_id: idOf(revision, step, 'm', from),
          placeholder: clip(`${placeholder}${range}`, LIMITS.placeholder),
          min_values: question.multiple ? 0 : 1,
          max_values: question.multiple ? chunk.length : 1,
          options: chunk.map((option, offset) => ({
            label: menuLabel(option.label, from + offset),
            value: String(from + offset),
            ...(option.description ? { description: clip(option.description, LIMITS.optionText) } : {}),
            ...(picked.has(option.label) ? { default: true } : {})
          }))
        }
      ])
    )
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
 * older drawing is told the card changed. Model text is shown as written (Markdown escaped).
 */
export function questionCard(questions: ChannelQuestion[], partial: PartialAnswer, page = 0): Component[] {
  const step = Math.min(partial.step, questions.length - 1)
  const question = questions[step]
  const { revision } = partial
  const selection = partial.selections[step] ?? { selected: [] }
  const pages = pageCount(question)
  const shownPage = Math.min(Math.max(0, page), pages - 1)
  const buttons = asButtons(question)

  const lines = [`**${escapeMarkdown(question.header)}**${questions.length > 1 ? ` · ${step + 1} of ${questions.length}` : ''}`, escapeMarkdown(question.question)]
  const given = soFar(questions, partial.selections, step)
  if (given) lines.push(given)
  if (question.multiple && selection.selected.length > 0) lines.push(`Picked: ${escapeMarkdown(selection.selected.join(', '))}`)
  if (selection.custom) lines.push(`Typed: “${escapeMarkdown(selection.custom)}”`)
  const long = buttons ? [] : question.options.map((option, index) => ({ option, index })).filter(({ option }) => option.label.length > LIMITS.optionText)
  if (long.length > 0) lines.push('Options in full:', ...long.map(({ option, index }) => `${index + 1}. ${escapeMarkdown(option.label)}`))
  if (pages > 1) lines.push(`-# Page ${shownPage + 1} of ${pages}: options ${shownPage * PAGE_OPTIONS + 1}–${Math.min(question.options.length, (shownPage + 1) * PAGE_OPTIONS)} of ${question.options.length}`)

  const controls: Component[] = buttons
    ? [actionRow(question.options.map((option, index) => button(idOf(revision, step, 'o', index), option.label, ButtonStyle.Primary)))]
    : menus(question, { revision, step, page: shownPage, picked: new Set(selection.selected) })
  const actions: Component[] = []
  if (question.multiple) actions.push(button(idOf(revision, step, 's'), step < questions.length - 1 ? 'Next' : 'Submit', ButtonStyle.Success))
  if (question.custom) actions.push(button(idOf(revision, step, 'x'), 'Other…'))
  actions.push(button(idOf(revision, step, 'd'), 'Dismiss', ButtonStyle.Danger))
  if (shownPage > 0) actions.push(button(idOf(revision, step, 'p', shownPage - 1), '◀ Previous page'))
  if (shownPage < pages - 1) actions.push(button(idOf(revision, step, 'p', shownPage + 1), 'Next page ▶'))
  return [container([textDisplay(clip(lines.join('\n'), LIMITS.text)), ...controls, actionRow(actions)])]
}

/** The message that replaces a card once its call ended: `text` (the kit's `settledText`, escaped) in a container, no controls. */
export function settledCard(text: string): Component[] {
  return [container([textDisplay(clip(text, LIMITS.text))])]
}
