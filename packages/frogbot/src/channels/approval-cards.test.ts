import { describe, expect, it } from 'vitest'
import { APPROVAL_HINT, QUORUM_APPROVAL_HINT, approvalAnswer, approvalCard, editedInput, invalidField, readApprovalCommand, settledApproval, settledApprovalText } from './approval-cards.ts'
import { noticeText, plainNameOf } from './piece-notices.ts'

const call = { toolName: 'send_invoice', input: { customer: 'ACME', amount: 1200, lines: [{ item: 'Widgets' }] } }
const ada = { channel: { piece: 'slack', instance: 'slack', userId: 'U1', name: 'Ada' } }
const bob = { channel: { piece: 'slack', instance: 'slack', userId: 'U2', name: 'Bob' } }
const nameOf = plainNameOf

describe('the approval card', () => {
  it('draws the tool, the input readably, the status, who is asked and the expiry', () => {
    const card = approvalCard({ ...call, assignees: ['dana@example.com'], expiresAt: '2026-12-07T01:00:00.000Z' }, Date.parse('2026-12-06T23:00:00.000Z'))
    expect(card.title).toBe('Approve send_invoice?')
    expect(card.status).toBe('Needs your approval')
    expect(card.fields).toEqual([
      { name: 'customer', value: 'ACME', json: false },
      { name: 'amount', value: '1200', json: true },
      { name: 'lines', value: '[{"item":"Widgets"}]', json: true }
    ])
    expect(card.facts).toEqual(['Waiting for Dana', 'Expires in 2 h (2026-12-07 01:00 UTC)'])
    expect(card.text).toContain('customer: ACME')
    expect(card.text).toContain('Waiting for Dana.\nExpires in 2 h (2026-12-07 01:00 UTC).')
    expect(approvalCard(call).facts).toEqual([])
  })

  it('sanitizes and clips what the model wrote, and counts the fields it leaves out', () => {
    const input = Object.fromEntries([['note', `hi\u0007\u202eevil${'x'.repeat(500)}`], ...Array.from({ length: 25 }, (_, index) => [`f${index}`, index])])
    const card = approvalCard({ toolName: 'x', input })
    expect(card.fields[0].value.startsWith('hievil')).toBe(true)
    expect(card.fields[0].value.length).toBeLessThanOrEqual(300)
    expect(card.fields).toHaveLength(20)
    expect(card.more).toBe(6)
  })

  it('shows the quorum count', () => {
    const votes = [{ by: ada, at: '2026-12-06T00:00:00.000Z', approved: true }]
    expect(approvalCard({ ...call, quorum: { count: 2, votes } }).status).toBe('1 of 2 approvals')
  })

  it('offers an edit only where one approval settles the call (a quorum approves the model’s input)', () => {
    expect(approvalCard(call)).toMatchObject({ editable: true, hint: APPROVAL_HINT })
    expect(approvalCard({ ...call, quorum: { count: 1, votes: [] } })).toMatchObject({ editable: true, hint: APPROVAL_HINT })
    expect(approvalCard({ ...call, quorum: { count: 3, votes: [] } })).toMatchObject({ editable: false, hint: QUORUM_APPROVAL_HINT })
  })
})

describe('presses and typed replies', () => {
  it('map to settle requests', () => {
    expect(approvalAnswer({ kind: 'approve' })).toEqual({ approved: true })
    expect(approvalAnswer({ kind: 'deny', reason: '  ' })).toEqual({ approved: false })
    expect(approvalAnswer({ kind: 'deny', reason: 'wrong amount' })).toEqual({ approved: false, reason: 'wrong amount' })
    expect(approvalAnswer({ kind: 'edit', input: { amount: 900 } })).toEqual({ approved: true, input: { amount: 900 } })
  })

  it('reads /approve, /deny [reason] and /approve {json}; anything else is an ordinary message', () => {
    expect(readApprovalCommand('/approve')).toEqual({ kind: 'press', press: { kind: 'approve' } })
    expect(readApprovalCommand('/APPROVE@frogbot_bot')).toEqual({ kind: 'press', press: { kind: 'approve' } })
    expect(readApprovalCommand('/deny wrong amount')).toEqual({ kind: 'press', press: { kind: 'deny', reason: 'wrong amount' } })
    expect(readApprovalCommand('/deny')).toEqual({ kind: 'press', press: { kind: 'deny' } })
    expect(readApprovalCommand('/approve {"customer":"ACME","amount":900}')).toEqual({ kind: 'press', press: { kind: 'edit', input: { customer: 'ACME', amount: 900 } } })
    expect(readApprovalCommand('/approve ```json\n{"amount":900}\n```')).toEqual({ kind: 'press', press: { kind: 'edit', input: { amount: 900 } } })
    expect(readApprovalCommand('/approve {amount')).toMatchObject({ kind: 'invalid', message: expect.stringContaining('as JSON') })
    expect(readApprovalCommand('I approve of this')).toEqual({ kind: 'none' })
    expect(readApprovalCommand('/approved')).toEqual({ kind: 'none' })
  })

  it('reads an edit form per field: text as typed, JSON parsed, a field left out kept; a broken JSON field is named', () => {
    expect(editedInput(call.input, { customer: 'ACME Ltd', amount: '900' })).toEqual({ input: { customer: 'ACME Ltd', amount: 900, lines: [{ item: 'Widgets' }] } })
    expect(editedInput(call.input, { amount: 'nine hundred' })).toEqual({ field: 'amount', problem: expect.stringContaining('amount: write a JSON value') })
    expect(editedInput(42, { input: '43' })).toEqual({ input: 43 })
  })

  it('names the field of the settle door\'s invalid-input message', () => {
    expect(invalidField('input.amount: Expected number, received string')).toBe('amount')
    expect(invalidField('input: Required')).toBe('input')
    expect(invalidField('something else')).toBeNull()
  })
})

describe('the settled view', () => {
  const at = '2026-12-06T00:00:00.000Z'
  it('says the decision, who, the reason and what was edited', () => {
    const approved = settledApproval({ outcome: 'approved', by: ada, input: { ...call.input, amount: 900 } }, call.input, nameOf)
    expect(approved).toMatchObject({ mark: '✅', summary: 'Approved by Ada', edits: [{ name: 'amount', value: '900' }] })
    expect(settledApprovalText('send_invoice', approved)).toBe('✅ send_invoice: Approved by Ada\nChanged before it ran: amount: 900')
    expect(settledApproval({ outcome: 'denied', by: ada, reason: 'wrong amount' }, call.input, nameOf)).toMatchObject({ mark: '✖️', summary: 'Denied by Ada: wrong amount', edits: [] })
    expect(settledApproval({ outcome: 'expired', by: { system: 'expiry' } } as never, call.input, nameOf).summary).toBe('Expired without a decision.')
  })

  it('names every approver of a quorum with the count', () => {
    const votes = [{ by: ada, at, approved: true }, { by: bob, at, approved: true }]
    expect(settledApproval({ outcome: 'approved', by: bob, votes }, call.input, nameOf)).toMatchObject({ summary: 'Approved by Ada and Bob', votes: '2 of 2 approvals' })
  })

  it('tells a late press who decided, and a voter where the quorum stands', () => {
    expect(noticeText({ kind: 'settled', settlement: { toolCallId: 'c', outcome: 'approved', by: ada, at } }, nameOf)).toBe('This call was already approved by Ada.')
    expect(noticeText({ kind: 'voted', approvals: 1, count: 2 })).toBe('Your approval is counted: 1 of 2 approvals. It runs once 2 people approved.')
  })
})
