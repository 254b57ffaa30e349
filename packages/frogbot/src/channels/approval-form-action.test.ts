import { describe, expect, it } from 'vitest'
import { APPROVAL_FORM_IDS as IDS, approvalFormAction } from './approval-form-action.ts'

const input = { customer: 'ACME', amount: 1200 }

describe('approvalFormAction', () => {
  it('reads Approve, and Deny with the reason typed (none when blank or not a string)', () => {
    expect(approvalFormAction(input, { actionId: IDS.approve })).toEqual({ action: { approved: true } })
    const denied = approvalFormAction(input, { actionId: IDS.deny, [IDS.reason]: ' not now ' })
    expect(denied).toEqual({ action: { approved: false, reason: 'not now' } })
    const unreasoned = approvalFormAction(input, { actionId: IDS.deny, [IDS.reason]: 7 })
    expect(unreasoned).toEqual({ action: { approved: false } })
  })

  it('reads an Edit field by field (a field left out keeps its value), or names one that is not JSON, by its index', () => {
    const edited = approvalFormAction(input, { actionId: IDS.edit, [IDS.field(1)]: '900' })
    expect(edited).toEqual({ action: { approved: true, input: { customer: 'ACME', amount: 900 } } })
    const broken = approvalFormAction(input, { actionId: IDS.edit, [IDS.field(1)]: '9oo' })
    expect(broken).toEqual({ notice: { kind: 'invalid', message: expect.stringContaining('amount'), field: 1 } })
  })

  it("is null for a button that is none of an approval's", () => {
    expect(approvalFormAction(input, { actionId: 'frogbot_submit' })).toBeNull()
    expect(approvalFormAction(input, {})).toBeNull()
  })
})
