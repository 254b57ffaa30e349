import { describe, expect, test } from 'vitest'
import { assigneeName, assigneesText, callFactsText, expiresInText } from './call-facts-text.ts'

describe('what a waiting call card says of the call', () => {
  test('who is asked: names from emails, ids as they are, and the signed-in user as you', () => {
    expect(assigneeName('dana@example.com')).toBe('Dana')
    expect(assigneeName('dana.smith@example.com')).toBe('Dana Smith')
    expect(assigneeName('user_123')).toBe('user_123')
    expect(assigneesText(['dana@example.com'])).toBe('Waiting for Dana')
    expect(assigneesText(['dana@example.com', 'carl@example.com'])).toBe('Waiting for Dana and Carl')
    expect(assigneesText(['dana@example.com', 'user_ada'], { id: 'user_ada', email: 'ada@example.com' })).toBe('Waiting for you and Dana')
    expect(assigneesText(['ADA@example.com'], { id: 'user_ada', email: 'ada@example.com' })).toBe('Waiting for you')
    expect(assigneesText(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io'])).toBe('Waiting for A, B and 2 others')
    expect(assigneesText(undefined)).toBe('')
    expect(assigneesText([])).toBe('')
  })

  test('when a call expires, from now', () => {
    const now = Date.parse('2026-12-06T10:00:00.000Z')
    const inMs = (ms: number) => new Date(now + ms).toISOString()
    expect(expiresInText(inMs(2 * 60 * 60 * 1000), now)).toBe('expires in 2 h')
    expect(expiresInText(inMs(45 * 60 * 1000), now)).toBe('expires in 45 min')
    expect(expiresInText(inMs(20 * 1000), now)).toBe('expires in less than a minute')
    expect(expiresInText(inMs(3 * 24 * 60 * 60 * 1000), now)).toBe('expires in 3 days')
    expect(expiresInText(inMs(-1), now)).toBe('expired')
    expect(expiresInText('not a date', now)).toBe('')
  })

  test('the facts in order: who, escalation, expiry; none for a plain call', () => {
    const now = Date.parse('2026-12-06T14:00:03.000Z')
    const call = {
      createdAt: '2026-12-06T10:00:00.000Z',
      assignees: ['dana@example.com'],
      escalatedTo: ['lead@example.com'],
      escalatedAt: '2026-12-06T14:00:03.000Z',
      expiresAt: '2026-12-06T16:00:03.000Z'
    }
    expect(callFactsText(call, { now })).toEqual(['Waiting for Dana', 'Escalated to lead@example.com after 4 h', 'Expires in 2 h'])
    expect(callFactsText({ ...call, expiresAt: '2026-12-06T14:00:00.000Z' }, { now }).at(-1)).toBe('Expired')
    expect(callFactsText({ createdAt: call.createdAt }, { now })).toEqual([])
  })
})
