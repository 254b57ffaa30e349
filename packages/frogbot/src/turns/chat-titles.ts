import { isBlankText, TITLE_MAX_LENGTH } from '@frogbotai/protocol'
import { generateText, type UIMessage } from 'ai'
import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import type { TurnServices } from './services.ts'
import { textOf } from './transcript.ts'
import { cutIndex } from '../text/clip-text.ts'
import { TITLE_INSTRUCTIONS } from '../models/chat-title-instructions.ts'
import { drawnText } from '../text/drawn-text.ts'
import { trimInvisible } from '../text/trim-invisible.ts'
import { firstClause } from '../text/first-clause.ts'

/** Most words of a title made from the first message. */
const TITLE_WORDS = 6

/** How long a generated title may take before the chat keeps its first words, in milliseconds. */
const TITLE_TIMEOUT_MS = 15_000

const BRANCH_PREFIX = 'Branch · '


/** `text` cut to `max` characters at a word boundary, ending in `…` when it was cut, never inside a character (an emoji stays whole). */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, cutIndex(text, max - 1))
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`
}

/**
 * `text` without control characters (a NUL typed or pasted becomes a space, a carriage return
 * too; tab and line feed stay) or lone surrogates, which a title would show as boxes, and without
 * the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069, stripped by
 * `drawnText`), which would show it reordered (`Invoice \u202eFDP.exe` reads "Invoice exe.PDF"):
 * every title, generated or renamed.
 */
export function printable(text: string): string {
  // Control characters become spaces first (a carriage return too): `drawnText` strips the bidi controls.
  return drawnText(text.toWellFormed().replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffd]/g, ' '))
}

/**
 * A chat's title from its first message: the first sentence (or what precedes a colon), at most
 * six words, `…` where it was cut; `null` for a message without text. "Plan a team offsite:
 * should it be in the city or in the mountains?" is titled "Plan a team offsite". It neither starts
 * nor ends with what shows nothing (zero-width, control characters…: `trimInvisible`). Markdown that
 * wraps text is unwrapped as in {@link cleanTitle}; `_` and `*` inside words stay (`fix delete_branch`).
 */
export function firstWordsTitle(parts: UIMessage['parts']): string | null {
  const text = unwrapMarkdown(printable(textOf(parts)).replace(/\s+/g, ' '))
    .replace(/^[\s\p{Cf}\p{Default_Ignorable_Code_Point}#>*`~-]+/u, '')
    .trim()
  if (!text) return null
  // The first sentence, or what precedes a colon: never cut at an abbreviation's period ("Dr. Smith").
  const sentence = trimInvisible(firstClause(text, /(?<=[.?!])\s|[:;]\s/g))
  const words = sentence.split(' ')
  const title =
    words.length > TITLE_WORDS
      ? `${trimInvisible(words.slice(0, TITLE_WORDS).join(' ').replace(/[,;:.-]+$/, ''))}…`
      : trimInvisible(sentence.replace(/\.$/, ''))
  return shorten(title, TITLE_MAX_LENGTH) || null
}

/** The title of a branch of a chat titled `title`: "Branch · {title}", once however often it is branched again. */
export function branchTitle(title: string | null): string {
  if (!title) return 'Branch'
  return title.startsWith(BRANCH_PREFIX) ? title : shorten(`${BRANCH_PREFIX}${title}`, TITLE_MAX_LENGTH)
}

/**
 * A code span that stands as its own word: a run of backticks, text, the same run (`` `x` ``,
 * ``` ``a`b`` ```), with no letter, digit or `_` right before or after it. Backticks inside a word
 * (``foo`bar` ``, ``a`b`c``) are not a code span and stay.
 */
const CODE_SPAN = /(?<![\p{L}\p{N}_`])(`+)([^`]|[^`][\s\S]*?[^`])\1(?![`\p{L}\p{N}_])/gu

/**
 * Emphasis that wraps text (`**x**`, `*x*`, `__x__`, `_x_`, `***x***`): the marker opens at the
 * start or after a character that is not a letter, digit or marker, is not followed by a space,
 * closes on the same marker not preceded by one, and is not followed by a letter or digit. So a
 * `_` or `*` inside a word or an identifier (`delete_branch`, `snake_case`, `file_a.txt`, `2*3`)
 * is not emphasis and stays.
 */
const EMPHASIS = new RegExp(
  // $1: the start or what precedes the marker; $2: the marker, not followed by a space;
  String.raw`(^|[^\p{L}\p{N}*_\\])(\*{1,3}|_{1,3})(?![\s*_])` +
    // $3: the text it wraps; then the same marker, not followed by a letter or a digit.
    String.raw`(.*?[^\s*_\\]|[^\s*_\\])\2(?![\p{L}\p{N}*_])`,
  'gu'
)

/**
 * `line` without the Markdown that wraps its text: a heading's leading `#`s, code spans' backticks
 * and emphasis markers ({@link EMPHASIS}), nested ones too (`**\`x\`**`). Only markers that wrap
 * text go: characters inside words and identifiers (`delete_branch`, `C#`, `#42`) stay.
 */
function unwrapMarkdown(line: string): string {
  let text = line
    .replace(/^\s*#{1,6}\s+/, '')
    .replace(CODE_SPAN, (_, _ticks: string, code: string) => code.replace(/^ (.*) $/s, '$1'))
  for (let previous = ''; previous !== text; ) {
    previous = text
    text = text.replace(EMPHASIS, '$1$3')
  }
  // A strong marker left open at either end (a title cut after `**Team offsite`) wraps nothing.
  return text.replace(/^\*{2,3}(?=\S)|(?<=\S)\*{2,3}$/g, '')
}

/**
 * A model's answer as a title: one line, no quotes, no Markdown that wraps text (`**Title**`,
 * `` `x` ``, `# Title`: see {@link unwrapMarkdown}; `_`, `*`, `#` and backticks inside words and
 * identifiers stay, as in "Delete the branch with delete_branch"), no end period, nothing invisible
 * at either end (`trimInvisible`); `null` when nothing is left.
 */
export function cleanTitle(raw: string): string | null {
  const line = printable(raw)
    .split('\n')
    .map((part) => trimInvisible(part))
    .find((part) => !isBlankText(part))
  if (!line) return null
  const title = trimInvisible(
    unwrapMarkdown(line)
      .replace(/^(title\s*:\s*)/i, '')
      .replace(/^["'“‘«]+|["'”’»]+$/g, '')
      .replace(/\.$/, '')
      .replace(/ {2,}/g, ' ')
  )
  return isBlankText(title) ? null : shorten(title, TITLE_MAX_LENGTH)
}

/**
 * Asks the agent's model for a short title of a new chat, without holding up its turn: once it
 * answers, the chat is renamed, unless its title changed meanwhile (a rename wins); a title another
 * chat of the owner has already gets the next number (`Team offsite (2)`). Agents with a model do
 * (`agent.titleModel`: the offline demo model writes one too); a test's model override, and a model
 * that fails, times out or answers nothing, leave the first words ({@link firstWordsTitle}).
 */
export function generateTitle(services: Pick<TurnServices, 'store' | 'log' | 'closing'>, { agent, chatId, message, placeholder }: { agent: ResolvedAgent; chatId: string; message: UIMessage; placeholder: string | null }): void {
  const model = agent.titleModel
  const text = textOf(message.parts).trim()
  if (!model || !text) return
  void (async () => {
    try {
      const answer = await generateText({ model, instructions: TITLE_INSTRUCTIONS, prompt: text.slice(0, cutIndex(text, 2000)), maxOutputTokens: 60, maxRetries: 0, abortSignal: AbortSignal.timeout(TITLE_TIMEOUT_MS) })
      const title = cleanTitle(answer.text)
      if (!title || services.closing) return
      const ownerId = (await services.store.getChat(chatId))?.ownerId
      const distinct = ownerId ? await services.store.distinctTitle({ ownerId, chatId, title }) : title
      await services.store.setTitle(chatId, shorten(distinct, TITLE_MAX_LENGTH), { ifTitle: placeholder })
    } catch (error) {
      if (!services.closing) services.log(`frogbot: chat ${chatId} keeps its first words as its title; the model gave none: ${error instanceof Error ? error.message : String(error)}`)
    }
  })()
}
