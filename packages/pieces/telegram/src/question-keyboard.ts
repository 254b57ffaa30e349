import type { ChannelQuestion, PartialAnswer } from 'frogbot/channels'
import { clipDrawn as clip, lastLineKept, shownQuestion, taggedPressData } from 'frogbot/channels'

/** An inline keyboard button (Bot API `InlineKeyboardButton`): its text and `callback_data`. */
export type Button = { text: string; callback_data: string }

/** A question message as it is sent or edited: plain text (no parse mode) and its inline keyboard. */
export type QuestionMessage = { text: string; reply_markup: { inline_keyboard: Button[][] } }

/** How a card is shown beside its partial answer: the page of options, and who is typing an answer to which question. */
export type CardView = { page: number; typing?: { question: number; userId: string; name: string } }

/** What a button does: pick or toggle option `index` of the question shown, go to `page`, Done, Type your answer, ‹ Back, Dismiss. */
export type PressAction = { kind: 'option'; index: number } | { kind: 'page'; page: number } | { kind: 'done' } | { kind: 'type' } | { kind: 'back' } | { kind: 'dismiss' }

/** Options shown on one page of a card (one button a row): Telegram clients show about eight rows without scrolling. */
export const OPTIONS_PER_PAGE = 8

/** The longest `callback_data` Telegram takes, in bytes (Bot API `InlineKeyboardButton`: 1–64 bytes). */
export const CALLBACK_DATA_MAX_BYTES = 64

/** A message's longest text, in characters (Bot API `sendMessage`: 1–4096 after entities parsing). */
export const MESSAGE_MAX = 4096

/** `text` cut to one message, its last line (who answered, what became of the call) kept whole. */
export const withinMessage = (text: string): string => lastLineKept(text, MESSAGE_MAX)

const LABEL_ON_BUTTON_MAX = 48
const QUESTION_MAX = 2000
const OPTION_LINE_MAX = 220

/** Text of the model's on one line (a button, a list item): line breaks and runs of spaces become one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Each action's verb in `callback_data`, and the field of the number it carries after the verb (the option's index, the page), if any. */
const VERBS = { option: ['o', 'index'], page: ['g', 'page'], done: ['d'], type: ['t'], back: ['b'], dismiss: ['x'] } as const

/**
 * The `callback_data` of FrogBot's buttons, the kit's `taggedPressData` (the card named by its
 * short id, the kit's `cardTag`, never by a label: Telegram's 64 bytes would not hold one):
 * `pressData` writes a question's, `<card>:<revision>:<verb><argument>`, `readPressData` reads one
 * back (`null` when it is not one of FrogBot's: an action without its number, or with one it does
 * not take); `approvalData` and `approvalOf` an approval's, `fbap:<card>:<a|d|e>`.
 */
export const { write: pressData, read: readPressData, approval: approvalData, readApproval: approvalOf } =
  taggedPressData<PressAction>(VERBS)

/**
 * The message of a waiting call's card (FrogBot's Telegram questions), one question at a time:
 * "Question 2 of 3" when the call has several, the question's header and text, the options of the
 * page shown as a numbered list (with their descriptions), and the keyboard: a button per option
 * (☐/☑ toggles for a question that takes several), ‹ Prev / Next › when the options take more
 * than one page, **Done** where the question takes several, **Type your answer** where it takes
 * typed words, **Dismiss**. While someone types an answer, the keyboard is **‹ Back** and
 * **Dismiss**, and the text says who is typing. Everything of the model's is shown as written
 * (the message has no parse mode), cut to fit Telegram's 4,096 characters; no option is dropped.
 */
export function questionMessage({ questions, partial, view, tag }: { questions: ChannelQuestion[]; partial: PartialAnswer; view: CardView; tag: string }): QuestionMessage {
  const shownNow = shownQuestion(questions, partial, view.page, OPTIONS_PER_PAGE)
  const { step, question, custom: typed, page, pages, first, shown, previousPage, nextPage } = shownNow
  const selected = new Set(shownNow.selected)
  const button = (text: string, action: PressAction): Button => ({ text, callback_data: pressData({ card: tag, revision: partial.revision, action }) })

  const lines = [
    ...(questions.length > 1 ? [`Question ${step + 1} of ${questions.length}`] : []),
    clip(oneLine(question.header), 200),
    clip(question.question.trim(), QUESTION_MAX),
    '',
    ...shown.map((option, at) => clip(`${first + at + 1}. ${oneLine(option.label)}${option.description ? ` — ${oneLine(option.description)}` : ''}`, OPTION_LINE_MAX)),
    ...(pages > 1 ? ['', `Options ${first + 1}–${first + shown.length} of ${question.options.length} (page ${page + 1} of ${pages})`] : []),
    ...(question.multiple ? ['', selected.size > 0 ? `Chosen so far: ${selected.size}. Tap Done when finished.` : 'Choose any, then tap Done.'] : []),
    ...(typed ? ['', `Typed so far: “${clip(oneLine(typed), 200)}”`] : [])
  ]
  if (view.typing && view.typing.question === step) {
    lines.push('', `✍️ ${clip(oneLine(view.typing.name), 64)} is typing an answer: reply to this message with it.`)
    return { text: clip(lines.join('\n'), MESSAGE_MAX), reply_markup: { inline_keyboard: [[button('‹ Back', { kind: 'back' })], [button('Dismiss', { kind: 'dismiss' })]] } }
  }
  const options: Button[][] = shown.map((option, at) => {
    const mark = question.multiple ? (selected.has(option.label) ? '☑ ' : '☐ ') : ''
    return [button(`${mark}${first + at + 1}. ${clip(oneLine(option.label), LABEL_ON_BUTTON_MAX)}`, { kind: 'option', index: first + at })]
  })
  const prev = previousPage === null ? [] : [button('‹ Prev', { kind: 'page', page: previousPage })]
  const next = nextPage === null ? [] : [button('Next ›', { kind: 'page', page: nextPage })]
  const extra = [...(question.custom ? [button('Type your answer', { kind: 'type' })] : []), ...(question.multiple ? [button('Done', { kind: 'done' })] : [])]
  // A row per option, ‹ Prev / Next › (none on one page), Type your answer / Done where they apply, Dismiss.
  const keyboard = [...options, [...prev, ...next], extra, [button('Dismiss', { kind: 'dismiss' })]]
  const rows = keyboard.filter((row) => row.length > 0)
  return { text: clip(lines.join('\n'), MESSAGE_MAX), reply_markup: { inline_keyboard: rows } }
}
