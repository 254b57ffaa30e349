import { describe, expect, it } from 'vitest'
import { APPROVAL_ACTIONS, approvalAdaptiveCard } from './approval-card.ts'

const call = { toolName: 'send_invoice', input: { customer: 'ACME', amount: 1200 } }
const actionIds = (card: unknown) => [...JSON.stringify(card).matchAll(/"actionId":"([^"]+)"/g)].map((match) => match[1])

describe('the Teams approval card', () => {
  it('offers Approve, Deny… and Edit… where one approval settles the call', () => {
    expect(actionIds(approvalAdaptiveCard(call).card)).toEqual([APPROVAL_ACTIONS.approve, APPROVAL_ACTIONS.deny, APPROVAL_ACTIONS.edit])
  })

  it('offers no Edit… on a call that needs several approvals (every vote approves the model’s input)', () => {
    const { card } = approvalAdaptiveCard({ ...call, quorum: { count: 2, votes: [] } })
    expect(actionIds(card)).toEqual([APPROVAL_ACTIONS.approve, APPROVAL_ACTIONS.deny])
    expect(JSON.stringify(card)).toContain('0 of 2 approvals')
  })
})
