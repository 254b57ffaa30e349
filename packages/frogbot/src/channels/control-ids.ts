import type { Participant } from '../contract/participant.ts'
import type { CardControl } from './answers/card-state.ts'
import { type ApprovalButton, approvalButton } from './approval-buttons.ts'
import type { PieceNotice } from './piece-notices.ts'
import type { QuestionCard } from './question-cards.ts'
import type { PressHooks } from './runtime/card-presses.ts'
import type { PieceRuntime } from './runtime/piece-runtime.ts'

/**
 * A question card's control as its id carries it: its letter, with the number it takes where it
 * takes one: `o` an option (its index), `m` a select (the first option it shows: it reads back
 * as the kit's `picks`, its picks the press's values), `p` a page; `s` submit, `x` other
 * ("Other…"), `d` dismiss.
 */
export type IdControl = [letter: 'o' | 'm' | 'p', number: number] | [letter: 's' | 'x' | 'd']

/**
 * What a control id names: an approval card's button, or a question card's control, with the
 * revision of the partial answer and the question (`step`) the drawing pressed showed.
 */
export type IdPress = { approval: ApprovalButton } | { revision: number; step: number; control: CardControl }

/** The card control each letter of an id names, and the field of the number it carries, if any. */
const KINDS = {
  o: ['option', 'index'],
  m: ['picks', 'first'],
  p: ['page', 'page'],
  s: ['submit'],
  x: ['other'],
  d: ['dismiss']
} as const

/** Each approval button's letter in an id. */
const APPROVAL_LETTERS = { approve: 'a', deny: 'd', edit: 'e' } as const

/** A number in an id: no leading zero, at most 6 digits. */
const NUMBER = '(0|[1-9]\\d{0,5})'

/** A select's value read as the index of an option (at most 6 digits), else `-1`, an option never offered. */
const optionIndex = (value: string) => (/^\d{1,6}$/.test(value) ? Number(value) : -1)

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Press routing by control ids (FrogBot's piece kit), for a platform whose controls carry a short
 * string id back with a press (Discord's `custom_id`, at most 100 characters; a callback's data):
 * - `card(revision, step, letter, number?)`: the id of a question card's control
 *   ({@link IdControl}) on the drawing of partial answer `revision` showing question `step`:
 *   `<cards><revision>:<step>:<letter>`, then `:<number>` where the control carries one:
 *   `frogbot:3:1:o:4`;
 * - `approvalIds`: the id of each approval card's button, `<approvals><a|d|e>`: `fbap:a`;
 * - `read(id, values)`: the {@link IdPress} an id names, or `null` when it is none of these (another
 *   app's, malformed, a number with a leading zero or over 6 digits). A select's `values` are its
 *   picks, the indices of the options it offered (anything else reads as an option never offered,
 *   which the card reducer ignores); `selectSize` is how many options one select shows.
 * `cards` and `approvals` are the two kinds' prefixes, and must differ.
 */
export function controlIds({ cards, approvals }: { cards: string; approvals: string }, selectSize: number) {
  const cardId = new RegExp(`^${literal(cards)}${NUMBER}:${NUMBER}:(?:([omp]):${NUMBER}|([sxd]))$`)
  const buttons = Object.entries(APPROVAL_LETTERS) as [ApprovalButton, string][]
  const approvalIds = Object.fromEntries(buttons.map(([button, letter]) => [button, `${approvals}${letter}`]))
  const approvalOf = new Map(buttons.map(([button, letter]) => [`${approvals}${letter}`, button]))
  return {
    card: (revision: number, step: number, ...control: IdControl): string =>
      [`${cards}${revision}`, step, ...control].join(':'),
    approvalIds: approvalIds as Record<ApprovalButton, string>,
    read: (id: string, values: string[] = []): IdPress | null => {
      const approval = approvalOf.get(id)
      if (approval) return { approval }
      const match = cardId.exec(id)
      if (!match) return null
      const [, revision, step, numbered, number, bare] = match
      const letter = (numbered ?? bare) as keyof typeof KINDS
      const [kind, field] = KINDS[letter] as readonly [CardControl['kind'], string?]
      const picks = { kind, first: Number(number), count: selectSize, indices: values.map(optionIndex) }
      const control = kind === 'picks' ? picks : field ? { kind, [field]: Number(number) } : { kind }
      return { revision: Number(revision), step: Number(step), control: control as CardControl }
    }
  }
}

/** A press read from a control id, on the card of the message pressed (`null`: none). */
type PressedCard = { card: QuestionCard | null; messageId: string; participant: Participant; press: IdPress }

/**
 * A press read from a control id ({@link controlIds}) on `card`, the card of the message pressed
 * (`null`: none, the presser is told it is `closed`): an approval's button goes to the kit's
 * `approvalButton` (**Edit** calls `editHint`), a question's control to `runtime.press` with the
 * revision and step its drawing showed (`look` draws a view change). Resolves the notice for the
 * presser, or `null`.
 */
export async function pressOnCard(
  runtime: Pick<PieceRuntime, 'answer' | 'mayAnswer' | 'press'>,
  { card, messageId, participant, press }: PressedCard,
  { look, editHint }: Pick<PressHooks, 'look'> & { editHint: (json: string) => Promise<unknown> }
): Promise<PieceNotice | null> {
  if (!card) return { kind: 'closed' }
  if ('approval' in press) {
    return approvalButton(runtime, { card, messageId, participant, button: press.approval }, editHint)
  }
  return runtime.press({ card, messageId, participant, ...press }, { look })
}
