import { describe, expect, it } from 'vitest'
import { APPROVAL_IDS, approvalComponents } from './approval-card.ts'

describe('the Discord approval card', () => {
  it('escapes the model’s text (no mention, no formatting) and offers Approve, Deny, Edit', () => {
    const drawn = JSON.stringify(approvalComponents({ toolName: 'send_invoice', input: { customer: '@everyone **ACME**', amount: 1200 }, quorum: { count: 2, votes: [] } }))
    expect(drawn).not.toContain('@everyone **')
    expect(drawn).toContain('0 of 2 approvals')
    expect(drawn).toContain(`"custom_id":"${APPROVAL_IDS.approve}"`)
    expect(drawn).toContain(`"custom_id":"${APPROVAL_IDS.deny}"`)
    // A quorum's votes all approve the model's input: no Edit, and the hint offers no edited input.
    expect(drawn).not.toContain(`"custom_id":"${APPROVAL_IDS.edit}"`)
    expect(drawn).not.toContain('edited input')
    const single = JSON.stringify(approvalComponents({ toolName: 'send_invoice', input: { amount: 1 } }))
    for (const id of Object.values(APPROVAL_IDS)) expect(single).toContain(`"custom_id":"${id}"`)
  })
})
