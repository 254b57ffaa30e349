import { keptValues } from 'frogbot/channels'
import { describe, expect, it } from 'vitest'

// A value a piece fetches from its platform (a token, a keys document) is asked once however many
// callers want it, kept while fresh, and a failure stands for a while instead of being retried on
// every request.

describe('keptValues', () => {
  it('asks once for callers that come together, keeps the value while fresh, and asks again once it is not', async () => {
    let clock = 0
    const asked: string[] = []
    const value = keptValues({ now: () => clock, fetch: async (key) => (asked.push(key), { value: `${key}#${asked.length}`, keepMs: 1000 }) })
    expect(await Promise.all([value('a'), value('a'), value('b')])).toEqual(['a#1', 'a#1', 'b#2'])
    clock = 999
    expect(await value('a')).toBe('a#1')
    clock = 1000
    expect(await value('a')).toBe('a#3')
    expect(asked).toEqual(['a', 'b', 'a'])
  })

  it('keeps a failure retryMs, throwing it again meanwhile, then asks again', async () => {
    let clock = 0
    let calls = 0
    const value = keptValues({ now: () => clock, retryMs: 500, fetch: async () => (++calls === 1 ? Promise.reject(new Error('down')) : { value: 'up', keepMs: 1000 }) })
    await expect(value('k')).rejects.toThrow('down')
    clock = 499
    await expect(value('k')).rejects.toThrow('down')
    expect(calls).toBe(1)
    clock = 500
    expect(await value('k')).toBe('up')
  })

  it('without retryMs, asks again at the next call after a failure', async () => {
    let calls = 0
    const value = keptValues({ now: () => 0, fetch: async () => (++calls === 1 ? Promise.reject(new Error('down')) : { value: 'up', keepMs: 1000 }) })
    await expect(value('k')).rejects.toThrow('down')
    expect(await value('k')).toBe('up')
  })
})
