import { describe, expect, it } from 'vitest'
import { APPROVAL_IDS, approvalComponents } from './approval-card.ts'

describe('the Discord approval card', () => {
  it('escapes the model’s text (no mention, no formatting) and offers Approve, Deny, Edit', () => {
    const drawn = JSON.stringify(approvalComponents({ toolName: 'send_invoice', input: { customer: '@everyone **ACME**', amount: 1200 }, quorum: { count: 2, votes: [] } }))
    expect(drawn).not.toContain('@everyone **')
    expect(drawn).toContain('0 of 2 approvals')
    for (const id of Object.values(APPROVAL_IDS)) expect(drawn).toContain(`"custom_id":"${id}"`)
  })
})
