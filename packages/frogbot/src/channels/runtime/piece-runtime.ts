import type { Participant } from '../../contract/participant.ts'
import type { ParticipantIdentity, PieceEngine } from '../../contract/piece.ts'
import type { ReplyReader } from '../answers/reply-readers.ts'
import { type QuestionCard, questionCards } from '../question-cards.ts'
import { cardAnswers } from './card-answers.ts'
import { cardDrawing } from './card-drawing.ts'
import { cardPresses } from './card-presses.ts'
import { cardReplacing } from './card-replacing.ts'
import { directCards, type OpenDirect } from './direct-cards.ts'
import { partialAnswers } from './partial-answers.ts'
import { partialKeeping } from './partial-keeping.ts'
import type { PieceDrawing } from './piece-drawing.ts'
import { refusalNotices } from './refusal-notices.ts'
import { rescans } from './rescans.ts'
import { threadMessages } from './thread-messages.ts'
import type { ThreadMessage } from './thread-message.ts'
import { threadReplies } from './thread-replies.ts'
import { turnPosting } from './turn-posting.ts'
import { workTracker } from './work-tracker.ts'

/**
 * The shared half of a channel piece (FrogBot's piece contract), on the piece's engine. The piece
 * turns platform events into calls of `message`, `answer`, `keep` and `capture` and draws with
 * `drawing`; the runtime does the rest, the same for every platform:
 * - `message`: a participant's message in a thread is first read as an answer (their capture, or
 *   the piece's `readReply` on the thread's waiting cards: then it is consumed), else it starts or
 *   continues the thread's chat as that participant (the agent's `access` decides); a refused or
 *   queued message gets a notice, and a question still waiting without its card is drawn again;
 * - `onEvent` (the piece's hook): replies posted as they stream, cards drawn once calls wait (once
 *   across processes) and replaced once they end, whoever ended them;
 * - `answer`: a click or form on a card settles its call through the one settle door; the first
 *   valid answer wins, and what did not win comes back as a notice for the participant (a stale
 *   card is `closed`; a card whose call ended is replaced if it was not);
 * - `mayAnswer`: the same door's checks of who may answer the card now, settling nothing, with
 *   the same notices (for a control that changes only the view: a page of options, a prompt);
 * - `notify`: tells a participant something (through the piece's drawing);
 * - `press`: a control pressed on a multi-step question card, from the card's lookup to the
 *   settle door (see `cardPresses`): the piece reads its platform's event and draws the view;
 * - `keep`, `capture`, `partialOf`: partial answers between clicks (multi-step cards, toggles),
 *   with a revision so that a stale click is told the card `changed`; and "Other…": the
 *   participant's next thread message (with `replyTo`: their reply to the card or the piece's
 *   prompt) is their typed answer to one question (`capturing` and `release` to find and cancel
 *   it). `keep` and `capture` check who may answer first, as
 *   `mayAnswer` does: a participant the agent's `access` (or the tool's `client.access`) refuses
 *   changes nothing and gets the notice a refused answer gets;
 * - `redraw`, `redrawNowAndThen`: rescans for cards never drawn, or never replaced;
 * - `track`, `idle`: background work, and a promise of its end.
 * `now`: the clock of the rescans (ms since the epoch). `identity` and `platform` (the label)
 * - `direct`: with `openDirect` (a piece that can send direct messages), its direct-message cards
 *   (see `directCards`), else `null`.
 * explain refusals; `log` takes lines without FrogBot's prefix. Nothing here waits for a person.
 */
export function pieceRuntime({ engine, drawing, identity, platform, log, now = Date.now, readReply, openDirect }: {
  engine: PieceEngine
  drawing: PieceDrawing
  identity: ParticipantIdentity
  platform: string
  log: (line: string) => void
  now?: () => number
  readReply?: ReplyReader
  openDirect?: OpenDirect
}) {
  const cards = questionCards(engine.state)
  const partials = partialAnswers(engine.state)
  const work = workTracker()
  const explain = refusalNotices({ engine, identity, platform, log })
  const drawCalls = cardDrawing({ cards, drawing, now, log })
  const replacing = cardReplacing({ engine, cards, partials, drawing, log })
  const scans = rescans({ engine, cards, drawCalls, replacing, now, work, log })
  const onEvent = turnPosting({ drawing, cards, drawCalls, replacing, work, log })

  const { answer, mayAnswer } = cardAnswers({ engine, replacing, explain, work, log, drawVotes: (options) => drawing.approvals?.drawVotes?.(options) ?? Promise.resolve() })
  const { keep, capture } = partialKeeping({ partials, mayAnswer })
  const replies = threadReplies({ engine, cards, partials, drawing, readReply, settle: answer, keep, mayAnswer })

  const send = threadMessages({ engine, drawing, drawCalls, explain })

  /** A participant's message in `thread` (platform `account`): `answered` (consumed as an answer), `started`, `queued` or `refused` (they were told why). */
  const message = async (incoming: ThreadMessage & { account?: string | null }): Promise<'answered' | 'started' | 'queued' | 'refused'> => ((await replies(incoming)) ? 'answered' : send(incoming))

  return {
    onEvent,
    message,
    answer,
    mayAnswer,
    keep,
    capture,
    press: cardPresses({ cards, partials, answer, mayAnswer, keep, drawing }),
    /** The capture of `participant` in `thread` ("Other…": which card and question their next message answers), or `null`. */
    capturing: ({ thread, participant }: { thread: string; participant: Participant }) => partials.captureOf(thread, participant.userId),
    /** Lets `participant`'s capture in `thread` go: their next message there is an ordinary message again. */
    release: ({ thread, participant }: { thread: string; participant: Participant }) => partials.release(thread, participant.userId),
    /** The partial answer of `card` (revision 0, nothing picked, when none). */
    partialOf: (card: QuestionCard) => partials.read(card),
    /** Tells `participant` in `thread` (the piece's `notify`: privately where the platform can). */
    notify: (options: Parameters<PieceDrawing['notify']>[0]) => drawing.notify(options),
    cards,
    direct: openDirect ? directCards({ cards, drawing, replacing, now, openDirect }) : null,
    track: work.track,
    idle: work.idle,
    redraw: scans.redraw,
    redrawNowAndThen: scans.redrawNowAndThen
  }
}

/** See {@link pieceRuntime}. */
export type PieceRuntime = ReturnType<typeof pieceRuntime>
