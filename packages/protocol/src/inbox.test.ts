import { describe, expect, it } from 'vitest'
import { ageInstant, ageProblem, durationMs } from './inbox.ts'

describe('inbox ages', () => {
  const now = new Date('2026-12-06T09:00:00.000Z')

  it('reads a duration back from now, thirteen digits and more as milliseconds too', () => {
    expect(durationMs('90s')).toBe(90_000)
    expect(ageInstant('2h', now)).toBe('2026-12-06T07:00:00.000Z')
    expect(ageInstant('1765011600000', now)).toBe(new Date(now.getTime() - 1765011600000).toISOString())
  })

  it('refuses a duration reaching back past the earliest date, saying so, where it threw a RangeError', () => {
    expect(ageInstant('14880000w', now)).toBeNull()
    expect(ageProblem('14880000w', now)).toMatch(/^is a duration reaching back past the earliest date there is/)
    expect(ageProblem('99999999999999999999999', now)).toMatch(/^is a duration reaching back/)
    expect(ageProblem('yesterday', now)).toMatch(/^must be a duration/)
    expect(ageProblem('2h', now)).toBeNull()
  })

  it('reads a space before an offset as the + a query string decoded', () => {
    expect(ageInstant('2026-12-06T10:00:00 01:00', now)).toBe('2026-12-06T09:00:00.000Z')
    expect(ageInstant('2026-12-06T10:00:00+01:00', now)).toBe('2026-12-06T09:00:00.000Z')
    expect(ageInstant('2026-12-06T10:00:00-01:00', now)).toBe('2026-12-06T11:00:00.000Z')
    expect(ageInstant('2026-12-06 01:00', now)).toBeNull()
  })
})
