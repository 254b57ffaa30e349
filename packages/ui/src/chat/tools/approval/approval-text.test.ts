import type { PendingCall, Settlement } from '@frogbotai/protocol'
import { describe, expect, test } from 'vitest'
import { restoreApprovalDraft } from './approval-draft.ts'
import { approversText, decisionText, inputChanges, inputProblems, quorumOf, quorumProgressText, remainingText } from './approval-text.ts'

const me = { userId: 'user_ada' }
const ada = { userId: 'user_ada' }
const grace = { userId: 'user_grace' }
const at = '2026-12-05T10:00:00.000Z'

describe('what the approval card says', () => {
  test('who decided: you, someone else, a channel participant by name, FrogBot', () => {
    const approved = (by: Settlement['by']): Settlement => ({ toolCallId: 'c', outcome: 'approved', by, at })
    expect(decisionText(approved(ada), me)).toBe('Approved by you')
    expect(decisionText(approved(grace), me)).toBe('Approved by someone else')
    expect(decisionText(approved({ channel: { piece: 'slack', userId: 'U1', name: 'Grace' } }), me)).toBe('Approved by Grace')
    expect(decisionText({ toolCallId: 'c', outcome: 'denied', by: ada, at, reason: 'wrong amount' }, me)).toBe('Denied by you: wrong amount')
    expect(decisionText({ toolCallId: 'c', outcome: 'denied', by: { system: true }, at }, me)).toBe('Denied by FrogBot')
  })

  test('a quorum names everyone who approved; the denial of a quorum is its denier', () => {
    const votes = [
      { by: grace, at, approved: true },
      { by: ada, at, approved: true },
      { by: { userId: 'user_bob' }, at, approved: true }
    ]
    expect(approversText(votes, me)).toBe('you and 2 other people')
    expect(approversText(votes.slice(0, 2), me)).toBe('you and someone else')
    expect(approversText(votes.slice(0, 1), me)).toBe('someone else')
    expect(approversText([votes[0], votes[2]], me)).toBe('2 people')
    expect(decisionText({ toolCallId: 'c', outcome: 'denied', by: grace, at, reason: 'no', votes: [{ by: ada, at, approved: true }, { by: grace, at, approved: false, reason: 'no' }] }, me)).toBe('Denied by someone else: no')
  })

  test('the quorum of a pending call: approvals so far, how many are missing, and this person’s vote', () => {
    const call = { quorum: { count: 2, votes: [{ by: ada, at, approved: true }] } } as PendingCall
    const quorum = quorumOf(call, me)!
    expect(quorumProgressText(quorum)).toBe('1 of 2 approvals')
    expect(remainingText(quorum)).toBe('Waiting for 1 more approval')
    expect(quorum.mine).toMatchObject({ approved: true })
    expect(quorumOf(call, { userId: 'user_grace' })?.mine).toBeUndefined()
    expect(remainingText({ count: 3, approvals: 0, remaining: 3 })).toBe('Waiting for 3 more approvals')
    expect(quorumOf({ quorum: { count: 1, votes: [] } } as unknown as PendingCall, me)).toBeUndefined()
    expect(quorumOf(undefined, me)).toBeUndefined()
  })

  test('what an edit changed: top-level fields, added and removed ones too', () => {
    expect(inputChanges({ customer: 'ACME', amount: 1200, memo: 'x' }, { customer: 'ACME Corp', amount: 1200, lines: [1] })).toEqual([
      { key: 'customer', before: 'ACME', after: 'ACME Corp' },
      { key: 'lines', before: undefined, after: [1] },
      { key: 'memo', before: 'x', after: undefined }
    ])
    expect(inputChanges({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([])
  })

  test("a refused edit's message by field (400 invalid-input)", () => {
    expect(inputProblems('input.amount: Too small: expected number to be >0')).toEqual({ fields: { amount: 'Too small: expected number to be >0' }, rest: [] })
    expect(inputProblems('input.lines.0.amount: Expected number; input.customer: Too short')).toEqual({ fields: { lines: 'Expected number', customer: 'Too short' }, rest: [] })
    expect(inputProblems('You may not approve or deny calls of "send_invoice".')).toEqual({ fields: {}, rest: ['You may not approve or deny calls of "send_invoice".'] })
  })

  test('a saved draft comes back as the card can use it; anything else is the empty draft', () => {
    expect(restoreApprovalDraft({ mode: 'editing', reason: '', values: { amount: '450', sent: true, tags: ['a'], bad: 3 } })).toEqual({ mode: 'editing', reason: '', values: { amount: '450', sent: true, tags: ['a'] } })
    expect(restoreApprovalDraft({ mode: 'denying', reason: 'later' })).toEqual({ mode: 'denying', reason: 'later' })
    for (const saved of [undefined, null, 'x', { mode: 'other' }, { step: 1, answers: [] }]) expect(restoreApprovalDraft(saved)).toEqual({ mode: 'deciding', reason: '' })
  })
})
