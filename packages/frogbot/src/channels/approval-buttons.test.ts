import { describe, expect, it } from 'vitest'
import { approvalButton } from './approval-buttons.ts'
import type { PieceNotice } from './piece-notices.ts'
import type { QuestionCard } from './question-cards.ts'

const card: QuestionCard = { chatId: 'c1', toolCallId: 't1', toolName: 'send_invoice', thread: 'th', messageIds: ['m1'], input: { amount: 1200 }, kind: 'approval' }
const ada = { userId: 'U1', name: 'Ada' }

/** A runtime that records what the settle door was asked, refusing with `refusal` where given. */
function runtime(refusal: PieceNotice | null = null) {
  const asked: unknown[] = []
  return {
    asked,
    answer: async (click: { action: unknown }) => (asked.push(click.action), refusal),
    mayAnswer: async () => (asked.push('may?'), refusal)
  }
}

describe('approvalButton', () => {
  it('settles Approve and Deny through the settle door, and says what did not count', async () => {
    const door = runtime()
    const hints: string[] = []
    const hint = async (json: string) => hints.push(json)
    expect(await approvalButton(door as never, { card, messageId: 'm1', participant: ada, button: 'approve' }, hint)).toBeNull()
    expect(await approvalButton(door as never, { card, messageId: 'm1', participant: ada, button: 'deny' }, hint)).toBeNull()
    expect(door.asked).toEqual([{ approved: true }, { approved: false }])
    expect(await approvalButton(runtime({ kind: 'closed' }) as never, { card, messageId: 'm1', participant: ada, button: 'approve' }, hint)).toEqual({ kind: 'closed' })
    expect(hints).toEqual([])
  })

  it('answers Edit with the input as JSON to send back, once the presser may answer; settles nothing', async () => {
    const door = runtime()
    const hints: string[] = []
    expect(await approvalButton(door as never, { card, messageId: 'm1', participant: ada, button: 'edit' }, async (json) => hints.push(json))).toBeNull()
    expect(hints).toEqual(['{"amount":1200}'])
    expect(door.asked).toEqual(['may?'])
    const refused = runtime({ kind: 'denied', to: 'answer' })
    expect(await approvalButton(refused as never, { card, messageId: 'm1', participant: ada, button: 'edit' }, async (json) => hints.push(json))).toEqual({ kind: 'denied', to: 'answer' })
    expect(hints).toHaveLength(1)
  })

  it('is closed for a card that is not an approval', async () => {
    const door = runtime()
    expect(await approvalButton(door as never, { card: { ...card, kind: undefined }, messageId: 'm1', participant: ada, button: 'approve' }, async () => {})).toEqual({ kind: 'closed' })
    expect(door.asked).toEqual([])
  })
})
