import type { ChannelQuestion, QuestionSelection } from 'frogbot/channels'
import { escapeSlackText } from '@chat-adapter/slack/format'
import { clipDrawn as clip, drawnText, packedTexts } from 'frogbot/channels'

/** A Block Kit block or element, as Slack's Web API takes it (JSON). */
export type Block = Record<string, unknown>

/**
 * Slack's Block Kit limits FrogBot draws within (Block Kit reference, docs.slack.dev: "Blocks",
 * "Block elements", "Composition objects", "Modals"): plain text in controls (`button`, `option`,
 * `description`, `placeholder`, `label`), `section` text, a modal's title; `messageBlocks` and
 * `modalBlocks` per surface; `actionsElements` per actions block; `fewOptions` in checkboxes or
 * radio buttons; `menuOptions` per select menu or option group, and `menuGroups` per menu;
 * `inputText`, the longest text a plain-text input takes; `fallbackText`, the longest
 * notification text Slack recommends (`chat.postMessage`).
 */
export const LIMITS = {
  button: 75,
  option: 75,
  description: 75,
  placeholder: 150,
  section: 3000,
  modalTitle: 24,
  label: 2000,
  messageBlocks: 50,
  modalBlocks: 100,
  actionsElements: 25,
  fewOptions: 10,
  menuOptions: 100,
  menuGroups: 100,
  inputText: 3000,
  fallbackText: 4000
}

/** Most options one select menu can offer: 100 groups of 100. */
export const MENU_MAX_OPTIONS = LIMITS.menuOptions * LIMITS.menuGroups

/** `text` for a `mrkdwn` field: Slack's three control characters escaped (`escapeSlackText`), so text never becomes a mention or a link. */
export const escapeMrkdwn = (text: string): string => escapeSlackText(drawnText(text))

/** A `plain_text` object (emoji drawn), clipped to `max` characters. */
export const plain = (text: string, max: number) => ({ type: 'plain_text', text: clip(text, max), emoji: true })
/** A `mrkdwn` text object, clipped to a section's 3000 characters. */
export const mrkdwn = (text: string) => ({ type: 'mrkdwn', text: clip(text, LIMITS.section) })
/** A section of `mrkdwn` text. */
export const section = (text: string): Block => ({ type: 'section', text: mrkdwn(text) })
/** A context block (small, grey) of one `mrkdwn` text. */
export const context = (text: string): Block => ({ type: 'context', elements: [mrkdwn(text)] })

/** A button whose `value` is its `action_id` unless given; `style` `primary` or `danger`. */
export const button = (actionId: string, label: string, { value = actionId, style }: { value?: string; style?: 'primary' | 'danger' } = {}): Block => ({
  type: 'button',
  action_id: actionId,
  text: plain(label, LIMITS.button),
  value,
  ...(style ? { style } : {})
})

/** An input block of a multiline `plain_text_input` (`action_id` `action`), with `element`'s other fields (`max_length`, `initial_value`…). */
export const textInput = (blockId: string, label: string, action: string, { optional, ...element }: Block & { optional?: boolean } = {}): Block => ({
  type: 'input',
  block_id: blockId,
  ...(optional === undefined ? {} : { optional }),
  label: plain(label, LIMITS.label),
  element: { type: 'plain_text_input', action_id: action, multiline: true, ...element }
})

/**
 * A modal whose submission names the card it came from: `messageId` goes back as its private
 * metadata, `{ m }`, which Chat SDK reads as `privateMetadata`.
 */
export const modal = (callbackId: string, { title, submit, messageId, blocks }: { title: string; submit: string; messageId: string; blocks: Block[] }): Block => ({
  type: 'modal',
  callback_id: callbackId,
  title: plain(title, LIMITS.modalTitle),
  submit: plain(submit, LIMITS.button),
  close: plain('Cancel', LIMITS.button),
  private_metadata: JSON.stringify({ m: messageId }),
  blocks
})

/** The question's header in bold and its text, as a section. */
export function questionSection(question: ChannelQuestion, note?: string): Block {
  return section([`*${escapeMrkdwn(question.header)}*`, escapeMrkdwn(question.question), ...(note ? [`_${note}_`] : [])].join('\n'))
}

/** `items` in runs of `size` (the last one shorter), in order. */
export const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, at) => items.slice(at * size, (at + 1) * size))

/** The options of a select menu: as they are up to 100, else in groups of 100 named by their numbers (Slack's limits). */
function menuOptions(options: Block[]): Block {
  const size = LIMITS.menuOptions
  if (options.length <= size) return { options }
  return { option_groups: chunks(options, size).map((group, at) => ({ label: plain(`${at * size + 1}–${at * size + group.length}`, LIMITS.option), options: group })) }
}

/**
 * The element that picks the options of one question in a form (and in the answer modal):
 * radio buttons or checkboxes for up to 10 options, a menu (single or multiple) for more, or
 * always a menu with `menu` (its `placeholder` then names the question). `initial` preselects
 * what a participant already picked.
 */
export function choiceElement(question: ChannelQuestion, actionId: string, initial?: QuestionSelection, { menu = false, placeholder }: { menu?: boolean; placeholder?: string } = {}): Block {
  const picked = (initial?.selected ?? []).map((label) => question.options.findIndex((option) => option.label === label)).filter((index) => index >= 0)
  const few = !menu && question.options.length <= LIMITS.fewOptions
  // Slack option objects; the value of each is its index. Descriptions only where Slack shows them (checkboxes, radio buttons).
  const all: Block[] = question.options.map((option, index) => ({
    text: plain(option.label, LIMITS.option),
    value: String(index),
    ...(few && option.description ? { description: plain(option.description, LIMITS.description) } : {})
  }))
  const chosen = picked.map((index) => all[index])
  const preselected = chosen.length === 0 ? {} : question.multiple ? { initial_options: chosen } : { initial_option: chosen[0] }
  if (few) return { type: question.multiple ? 'checkboxes' : 'radio_buttons', action_id: actionId, options: all, ...preselected }
  return {
    type: question.multiple ? 'multi_static_select' : 'static_select',
    action_id: actionId,
    placeholder: plain(placeholder ?? (question.multiple ? 'Choose any' : 'Choose one'), LIMITS.placeholder),
    ...menuOptions(all),
    ...preselected
  }
}

/**
 * The picks of one element's state (`state.values[block][action]` of an interaction): the labels
 * of the selected option indexes; an index that was never offered is ignored.
 */
export function pickedLabels(question: ChannelQuestion, element: { selected_option?: { value?: string } | null; selected_options?: { value?: string }[] } | undefined): string[] {
  const chosen: unknown[] = Array.isArray(element?.selected_options) ? element.selected_options : [element?.selected_option]
  const labels = chosen.map((option) => (option as { value?: unknown } | null)?.value).map((value) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? question.options[Number(value)]?.label : undefined))
  return [...new Set(labels.filter((label) => label !== undefined))]
}

/**
 * `lines` of mrkdwn as few section blocks as hold them (the kit's `packedTexts`: each at most
 * 3000 characters, a longer line cut), at most `room` blocks: when they do not all fit, the last
 * block says how many lines were left out and `more` (e.g. where else they can be read).
 */
export const packedSections = (lines: string[], room: number, more = ''): Block[] => packedTexts(lines, { max: LIMITS.section, room, more }).map(section)
