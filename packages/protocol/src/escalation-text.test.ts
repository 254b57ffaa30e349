import { describe, expect, it } from 'vitest'
import { durationText, escalationText } from './escalation-text.ts'

describe('escalationText', () => {
  it('says who was told and after how long the call waited', () => {
    const createdAt = '2026-12-06T10:00:00.000Z'
    expect(escalationText({ createdAt, escalatedTo: ['lead@example.com'], escalatedAt: '2026-12-06T14:00:03.120Z' })).toBe('Escalated to lead@example.com after 4 h')
    expect(escalationText({ createdAt, escalatedTo: ['a@example.com', 'b@example.com'], escalatedAt: '2026-12-06T10:15:00.000Z' })).toBe('Escalated to a@example.com, b@example.com after 15 min')
    expect(escalationText({ createdAt, escalatedTo: ['lead@example.com'], escalatedAt: '2026-12-06T10:00:03.400Z' })).toBe('Escalated to lead@example.com after 3 s')
    expect(escalationText({ createdAt })).toBeNull()
  })

  it('durations in their largest whole unit', () => {
    expect([90_000, 900_000, 7_200_000, 86_400_000, 5_400_000, 500].map(durationText)).toEqual(['90 s', '15 min', '2 h', '1 d', '90 min', '500 ms'])
  })
})
