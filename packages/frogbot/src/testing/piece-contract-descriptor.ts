import type { ApprovalPress } from '../channels/approval-cards.ts'
import type { ChannelPiece } from '../contract/piece.ts'

/** A request as a platform sends it to a piece's webhook: the raw body and the headers (its signature among them). */
export type Delivery = { body: string; headers: Record<string, string> }

/** A person on the platform, as the stand-in knows them: platform user id, the name people see, and their email where the platform shares one. */
export type Person = { userId: string; name: string; email?: string }

/**
 * A question card as the stand-in saw it posted: the platform message `id` the answers refer to,
 * the `thread` it was posted in (by the name the suite gave the conversation), and its text.
 */
export type DrawnCard = { id: string; thread: string; text: string }

/**
 * What a piece supplies to run {@link pieceContract} against its own stand-in of its platform
 * (an API on 127.0.0.1 that records what the piece does, with requests signed by keys the test
 * makes). `S` is the stand-in. The suite names conversations (`thread`: `main`, `other`); the
 * descriptor maps each name to a platform thread and back.
 * - `name`: the platform's name, for the suite's titles.
 * - `people`: Ada and Bob, whom the agent accepts, and Eve, whom it refuses. Where the piece
 *   identifies participants by email, Ada and Bob have an email the suite makes FrogBot users
 *   for, and Eve's matches none (the default `access` refuses her); by platform id, the suite's
 *   `access` refuses Eve's id.
 * - `standIn()`: starts a fresh stand-in (one per test); it has `close()`.
 * - `piece(standIn, { now })`: a new instance of the piece on the stand-in (one per server; its
 *   instance name is its own), on the suite's clock `now` (ms since the epoch): its rescans and
 *   its signatures' freshness run on it.
 * - `say(standIn, { who, text, thread, first, now })`: `who` writes `text` in the conversation
 *   `thread`; `first`: the message starts it (a mention where the platform needs one). Signed as
 *   the platform signs, at `now`.
 * - `answer(standIn, { who, card, label, now })`: `who` answers the card's one single-choice
 *   question with the option `label`, the platform's way (a click, a typed reply, a command).
 * - `cards(standIn)`: the question cards posted so far, oldest first.
 * - `replacements(standIn, card)`: the texts that replaced `card` (its edits; a short note where
 *   the platform cannot edit), oldest first.
 * - `notices(standIn)`: what participants were told, to whom (`to`: their platform id), oldest
 *   first: private notices, or short replies that mention them.
 * - `replies(standIn)`: what the agent posted in each conversation (not cards), oldest first.
 * - `apiCalls(standIn)`: how many calls the piece made to the platform so far.
 * - `nameOf(who)`: how the piece names who answered on a replaced card (Slack: `<@U…>`).
 * - `forge(delivery)`: the same request as if signed with another key.
 * - `replays(delivery)`: re-sendings of an accepted request that the piece must refuse (default:
 *   the same request again); add every re-encoding the platform's signature check accepts.
 * - `freshness`: whether the platform's requests carry a time the piece checks (default true):
 *   then a request signed ten minutes ago must be refused.
 * - `failNextCard(standIn)`: makes the platform refuse the next card the piece posts.
 * - `ignoreLogs`: lines the piece logs that the suite should not count as unexpected.
 * - `decide(standIn, { who, card, press, now })` (a piece that draws approvals): `who` decides the
 *   approval `card` the platform's way (a button, a form, a typed command): `approve`, `deny` (with
 *   its `reason` where the platform takes one), or `edit` with the whole edited input (a form's
 *   fields, or typed JSON); the requests in the order the platform sends them. The suite then runs
 *   its approval cases (see `piece-contract-approvals.ts`).
 */
export type PieceContractDescriptor<S extends { close: () => Promise<void> }> = {
  name: string
  people: { ada: Person; bob: Person; eve: Person }
  standIn: () => Promise<S>
  piece: (standIn: S, options: { now: () => number }) => ChannelPiece & { idle: () => Promise<void> }
  say: (standIn: S, message: { who: Person; text: string; thread: string; first: boolean; now: number }) => Delivery
  answer: (standIn: S, answer: { who: Person; card: DrawnCard; label: string; now: number }) => Delivery
  cards: (standIn: S) => DrawnCard[]
  replacements: (standIn: S, card: DrawnCard) => string[]
  notices: (standIn: S) => { to: string; text: string }[]
  replies: (standIn: S) => { thread: string; text: string }[]
  apiCalls: (standIn: S) => number
  nameOf: (who: Person) => string
  forge: (delivery: Delivery) => Delivery
  replays?: (delivery: Delivery) => Delivery[]
  freshness?: boolean
  failNextCard: (standIn: S) => void
  ignoreLogs?: RegExp[]
  decide?: (standIn: S, decision: { who: Person; card: DrawnCard; press: ApprovalPress; now: number }) => Delivery[]
}
