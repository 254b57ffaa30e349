import type { Participant } from '../../contract/participant.ts'
import type { SettleAnswer } from '../../contract/turns.ts'
import type { PieceEngine } from '../../contract/piece.ts'
import { noticeOf, type PieceNotice } from '../piece-notices.ts'
import type { PendingCall } from '@frogbotai/protocol'
import { quorumCount } from '../approval-cards.ts'
import type { QuestionCard } from '../question-cards.ts'
import type { PieceDrawing } from './piece-drawing.ts'
import type { CardReplacing } from './card-replacing.ts'
import type { WorkTracker } from './work-tracker.ts'

/** What settling a call from a channel does: answer it with `output`, dismiss it (with a `reason`), or approve (with an edited `input`) or deny an approval; the settle door's {@link SettleAnswer}. */
export type PieceAction = SettleAnswer

/** A card's controls clicked by a participant: the card, the platform message the click was on (a message the card does not hold is a stale control), and who. */
export type Click = { card: QuestionCard; messageId?: string; participant: Participant }

/** Explains a refusal to the participant (see `refusalNotices`). */
type Explain = (notice: PieceNotice, participant: Participant) => Promise<PieceNotice>

/**
 * A card's call through the one settle door, as a participant did through one of its controls:
 * - `answer`: settles it (`null` when it was accepted);
 * - `mayAnswer`: the door's checks of who may answer it now, settling nothing (`null` when they
 *   passed), before a partial answer is kept (see `PieceEngine.mayAnswer`).
 * Else each resolves the notice for the participant (the caller shows it: privately, or as a form
 * error for `invalid`), the same for both; a `retry` (the chat kept changing) becomes who settled
 * the call when it was settled meanwhile. A control the card no longer holds is `closed`; a card
 * whose call ended without its controls replaced is replaced now. A vote on an approval short of
 * its quorum resolves a `voted` notice for the voter (the card redrawn with the count by
 * `drawVotes`, when the piece has it).
 */
export function cardAnswers({ engine, replacing, explain, work, log, drawVotes }: {
  engine: PieceEngine
  replacing: CardReplacing
  explain: Explain
  work: WorkTracker
  log: (line: string) => void
  drawVotes?: NonNullable<PieceDrawing['approvals']>['drawVotes']
}) {
  /** The notice for an error of the door: `null` when nobody caused it on purpose (the caller logs it). */
  const refusal = async (click: Click, error: unknown): Promise<PieceNotice | null> => {
    const notice = noticeOf(error, 'answer')
    if (notice?.kind !== 'retry') return notice
    // The chat kept changing through every attempt (another answer won and its reply is being
    // written): when the call was settled meanwhile, the participant is told by whom, not to retry.
    const checked = await engine.mayAnswer({ chatId: click.card.chatId, toolCallId: click.card.toolCallId, participant: click.participant }).then(
      () => null,
      (again: unknown) => noticeOf(again, 'answer')
    )
    return checked && checked.kind !== 'retry' ? checked : notice
  }

  /** What the door said to `card`'s participant: `null` when `through` resolved, else their notice. */
  const door = async (click: Click, through: () => Promise<PieceNotice | null | void>): Promise<PieceNotice | null> => {
    const { card, messageId, participant } = click
    if (messageId !== undefined && !card.messageIds.includes(messageId)) return { kind: 'closed' }
    try {
      return (await through()) ?? null
    } catch (error) {
      const notice = await refusal(click, error)
      if (!notice) throw error
      if (notice.kind === 'settled' && !card.closed) void work.track(replacing.replaceStale(card).catch((failure: unknown) => log(`could not replace the card of call ${card.toolCallId}: ${String(failure)}`)))
      return explain(notice, participant)
    }
  }

  /** A vote short of its quorum: the card redrawn with the count (in the background), and the voter told where it stands. */
  const voted = (card: QuestionCard, call: PendingCall | undefined): PieceNotice | null => {
    const count = call ? quorumCount(call) : null
    if (!call || !count) return null
    if (drawVotes) void work.track(drawVotes({ card, call }).catch((failure: unknown) => log(`could not redraw the votes of call ${card.toolCallId}: ${String(failure)}`)))
    return { kind: 'voted', ...count }
  }

  return {
    answer: (click: Click & { action: PieceAction }) =>
      door(click, async () => {
        const outcome = await engine.settle({ chatId: click.card.chatId, inputs: [{ toolCallId: click.card.toolCallId, ...click.action }], participant: click.participant })
        if (outcome.kind === 'continued') void outcome.run.stream.cancel().catch(() => {})
        if (outcome.kind === 'voted') return voted(click.card, outcome.pending.find((call) => call.toolCallId === click.card.toolCallId))
      }),
    mayAnswer: (click: Click) => door(click, () => engine.mayAnswer({ chatId: click.card.chatId, toolCallId: click.card.toolCallId, participant: click.participant }))
  }
}

/** See {@link cardAnswers}. */
export type CardAnswers = ReturnType<typeof cardAnswers>
