import type { SettlementWithPart } from '@frogbotai/protocol'
import { describe, expect, it } from 'vitest'
import { approvalOutcome } from './approval-outcome.ts'
import { settledAnswer } from './answers/question-answers.ts'
import { settledApproval, settledApprovalText } from './approval-cards.ts'

const card = { toolName: 'send_invoice', input: { amount: 1200 } }
const nameOf = () => 'Ada *Lovelace*'

describe('approvalOutcome', () => {
  it('is the settled approval text of the card, as the pieces composed it', () => {
    const settlements = [
      { outcome: 'approved', by: { channel: { userId: 'U1' } }, input: { amount: 900 } },
      { outcome: 'denied', by: { channel: { userId: 'U1' } }, reason: 'too *much*' },
      { outcome: 'cancelled', by: { system: true }, part: { errorText: 'The chat was deleted.' } }
    ] as unknown as SettlementWithPart[]
    const escape = (text: string) => text.replace(/\*/g, '\\*')
    for (const settlement of settlements) {
      const { errorText } = settledAnswer(settlement)
      const view = settledApproval(settlement, card.input, nameOf, { errorText, escape })
      const text = settledApprovalText(card.toolName, view)
      expect(approvalOutcome({ card, settlement }, nameOf, escape)).toBe(text)
    }
    expect(approvalOutcome({ card, settlement: settlements[1] }, nameOf)).toContain('too *much*')
    expect(approvalOutcome({ card, settlement: settlements[2] }, nameOf)).toContain('The chat was deleted.')
  })
})
