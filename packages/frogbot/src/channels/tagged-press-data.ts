import { createHash } from 'node:crypto'
import type { ApprovalButton } from './approval-buttons.ts'

/** A press's data read back: its card's tag, the revision of the partial answer pressed, the action. */
export type TaggedPress<A> = { card: string; revision: number; action: A }

/**
 * How a piece writes each kind of its actions in press data: one lowercase letter, and the field of
 * the whole number the action carries after the letter (an option's index, a page), if any.
 */
export type ActionLetters<K extends string> = {
  readonly [kind in K]: readonly [letter: string, field?: string]
}

/** Each approval button's letter in press data. */
const APPROVAL_LETTERS = { approve: 'a', deny: 'd', edit: 'e' } as const

/**
 * The short id of a card in its controls' data (never a label: a few bytes would not hold one, and a
 * label could be mistaken for another card's): 8 characters of a SHA-256 of its chat and call.
 */
export const cardTag = (card: { chatId: string; toolCallId: string }): string =>
  createHash('sha256').update(`${card.chatId}\n${card.toolCallId}`).digest('base64url').slice(0, 8)

/**
 * Press data that names its card (FrogBot's piece kit), for a platform whose buttons carry a few
 * bytes back with a press and whose clients may send any data with a press on any message
 * (Telegram's `callback_data`: 1–64 bytes, which the Bot API hands on as the client sent it): the
 * piece checks the tag against the card of the message pressed (the kit's `cardTag`), so a press
 * never acts on another card. ASCII, well under 64 bytes:
 * - `write({ card, revision, action })`: a question card's control, `<card tag>:<revision>:<letter>`
 *   then the number where the action carries one (`letters`): `Xy3_aB9z:4:o2`;
 * - `read(data)`: the {@link TaggedPress} written, or `null` when the data is not one (another
 *   app's, a letter without its number, or with one it does not take);
 * - `approval(card, button)`: an approval card's button, `<approvals><card tag>:<a|d|e>`
 *   (`fbap:Xy3_aB9z:a`), and `readApproval(data)` its card's tag and button, or `null` when the
 *   data is not an approval's (or names no button).
 */
export function taggedPressData<A extends { kind: string }>(
  letters: ActionLetters<A['kind']>,
  approvals = 'fbap:'
) {
  const entries = Object.entries<readonly [string, string?]>(letters)
  const kinds = new Map(entries.map(([kind, [letter, field]]) => [letter, { kind, field }]))
  const pattern = new RegExp(`^([A-Za-z0-9_-]{8}):(\\d{1,9}):([${[...kinds.keys()].join('')}])(\\d{0,6})$`)
  const approvalEntries = Object.entries(APPROVAL_LETTERS) as [ApprovalButton, string][]
  const buttons = new Map(approvalEntries.map(([button, letter]) => [letter, button]))
  return {
    write: ({ card, revision, action }: TaggedPress<A>): string => {
      const [letter, field] = letters[action.kind as A['kind']]
      return `${card}:${revision}:${letter}${field ? (action as Record<string, unknown>)[field] : ''}`
    },
    read: (data: string): TaggedPress<A> | null => {
      const match = pattern.exec(data)
      if (!match) return null
      const [, card, revision, letter, number] = match
      const { kind, field } = kinds.get(letter)!
      if ((field === undefined) !== (number === '')) return null
      const action = field ? { kind, [field]: Number(number) } : { kind }
      return { card, revision: Number(revision), action: action as A }
    },
    approval: (card: string, button: ApprovalButton): string =>
      `${approvals}${card}:${APPROVAL_LETTERS[button]}`,
    readApproval: (data: string): { card: string; button: ApprovalButton } | null => {
      if (!data.startsWith(approvals)) return null
      const [card, letter] = data.slice(approvals.length).split(':')
      const button = buttons.get(letter)
      return button ? { card, button } : null
    }
  }
}
