import { describe, expect, it } from 'vitest'
import type { PieceEngine } from '../../contract/piece.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { PieceNotice } from '../piece-notices.ts'
import type { QuestionCard } from '../question-cards.ts'
import { cardAnswers } from './card-answers.ts'
import { workTracker } from './work-tracker.ts'

const card = { chatId: 'c1', toolCallId: 'call_q', thread: 't1', input: {}, messageIds: ['m1'], closed: false } as unknown as QuestionCard
const ADA = { userId: 'ada' }
const settlement = { outcome: 'answered', by: { kind: 'user', userId: 'u_bob' }, at: '2026-12-07T12:00:00.000Z' }
const KEPT_CHANGING = new FrogbotError('write-conflict', 'The message kept changing while FrogBot tried to save the answer; retry.')

/** `cardAnswers` on an engine whose settle fails with `settleError` and whose checks fail with `checkError` (none: they pass). */
function answers(settleError: unknown, checkError?: unknown) {
  const replaced: QuestionCard[] = []
  const engine = {
    settle: async () => { throw settleError },
    mayAnswer: async () => { if (checkError) throw checkError }
  } as unknown as PieceEngine
  const answering = cardAnswers({
    engine,
    replacing: { replace: async () => {}, replaceStale: async (stale: QuestionCard) => void replaced.push(stale) },
    explain: async (notice: PieceNotice) => notice,
    work: workTracker(),
    log: () => {}
  })
  return { answer: () => answering.answer({ card, messageId: 'm1', participant: ADA, action: { output: { answers: [] } } }), replaced }
}

describe("a card's answer through the settle door (the kit's cardAnswers)", () => {
  it('an answer that lost to one settled meanwhile, after the chat kept changing, is told who settled it, not to retry', async () => {
    const lost = answers(KEPT_CHANGING, new FrogbotError('already-settled', 'This call was already settled; the first answer wins.', { settlement }))
    expect(await lost.answer()).toEqual({ kind: 'settled', settlement })
    expect(lost.replaced).toEqual([card])
  })

  it('a retry stays a retry while the call still waits, or when the check cannot tell', async () => {
    expect(await answers(KEPT_CHANGING).answer()).toEqual({ kind: 'retry', message: KEPT_CHANGING.message })
    expect(await answers(KEPT_CHANGING, KEPT_CHANGING).answer()).toEqual({ kind: 'retry', message: KEPT_CHANGING.message })
  })

  it('an error nobody caused on purpose is thrown for the caller to log, without a second check', async () => {
    const broken = new Error('disk full')
    await expect(answers(broken, new Error('not asked')).answer()).rejects.toBe(broken)
  })
})
