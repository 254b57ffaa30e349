import { lookupProblems } from 'frogbot/channels'
import { describe, expect, it } from 'vitest'

// An email piece tells a participant left without an email why: the latest lookup of them failed
// (credentials refused, platform out of reach), kept per participant, bounded.

describe('lookupProblems', () => {
  it("keeps each participant's latest failure, forgets it once a lookup succeeds, and keeps at most max, the oldest forgotten first", () => {
    const problems = lookupProblems(2)
    const down = { kind: 'unreachable', reason: 'down' } as const
    problems.keep('a', down)
    problems.keep('b', { kind: 'refused', reason: 'no' })
    expect(problems.of('a')).toEqual(down)
    problems.keep('b', null)
    expect(problems.of('b')).toBeNull()
    problems.keep('c', down)
    problems.keep('d', down)
    expect([problems.of('a'), problems.of('c'), problems.of('d')]).toEqual([null, down, down])
  })
})
