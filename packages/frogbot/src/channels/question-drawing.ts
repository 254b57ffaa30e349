import type { PendingCall, QuestionOutput, SettledBy, SettlementOutcome, SettlementWithPart } from '@frogbotai/protocol'
import { type ChannelQuestion, questionsOf, settledAnswer } from './answers/question-answers.ts'
import { type NameOf, plainNameOf } from './piece-notices.ts'
import type { QuestionCard } from './question-cards.ts'
import type { PieceDrawing } from './runtime/piece-drawing.ts'

/**
 * What became of a question call, for its settled card: the `outcome`, `who` settled it (named
 * the platform's way by `nameOf`; `null` when FrogBot itself did: an expiry, a cancellation), the
 * dismissal's `reason`, and `errorText`, the tool error a dismissal, cancellation or expiry stored.
 */
export type SettledActor = { outcome: SettlementOutcome; who: string | null; reason?: string; errorText?: string }

/**
 * A piece's `drawCall` and `drawSettled` of question cards, from the questions (FrogBot's piece
 * contract, the same on every platform that draws a card of its own):
 * - `draw`: posts the card of a waiting call's `questions` with its `facts`; a call whose input is
 *   not a question's throws (`the input of call <id> (<tool>) is not a question`), which the
 *   runtime logs;
 * - `drawSettled`: replaces the card of a call that ended with its `output` (the answer, or `null`)
 *   and the {@link SettledActor} (and the `settlement` as the runtime gave it and the `nameOf` that
 *   named who settled it, for a piece that writes it with the kit's `settledText`); a card whose
 *   input is not a question's is left as it is.
 * Who settled is named by `nameOf` (default `plainNameOf`), or, where naming them needs a lookup
 * first (Discord's usernames, kept in the piece's state), by the `NameOf` that `nameFor(by)` finds.
 */
export function questionDrawing({ nameOf = plainNameOf, nameFor, draw, drawSettled }: {
  nameOf?: NameOf
  nameFor?: (by: SettledBy) => Promise<NameOf>
  draw: (options: { thread: string; questions: ChannelQuestion[]; facts: string[]; call: PendingCall }) => Promise<string[]>
  drawSettled: (options: { card: QuestionCard; questions: ChannelQuestion[]; output: QuestionOutput | null; actor: SettledActor; settlement: SettlementWithPart; nameOf: NameOf }) => Promise<void>
}): Pick<PieceDrawing, 'drawCall' | 'drawSettled'> {
  return {
    drawCall: async ({ thread, call, facts }) => {
      const questions = questionsOf(call.input)
      if (!questions) throw new Error(`the input of call ${call.toolCallId} (${call.toolName}) is not a question`)
      return draw({ thread, questions, facts, call })
    },
    drawSettled: async ({ card, settlement }) => {
      const questions = questionsOf(card.input)
      if (!questions) return
      const { output, errorText } = settledAnswer(settlement)
      const named = nameFor ? await nameFor(settlement.by) : nameOf
      const who = 'system' in settlement.by ? null : named(settlement.by)
      await drawSettled({ card, questions, output, actor: { outcome: settlement.outcome, who, reason: settlement.reason, errorText }, settlement, nameOf: named })
    }
  }
}
