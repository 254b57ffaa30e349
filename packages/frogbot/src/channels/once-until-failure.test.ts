import { describe, expect, it } from 'vitest'
import { onceUntilFailure } from './once-until-failure.ts'

describe('onceUntilFailure', () => {
  it('starts the task once for every caller while it runs and after it succeeded', async () => {
    let starts = 0
    const ask = onceUntilFailure(async () => ++starts)
    expect(await Promise.all([ask(), ask()])).toEqual([1, 1])
    expect(await ask()).toBe(1)
    expect(starts).toBe(1)
  })

  it('forgets a failure at once: the callers of that run see it, the next need starts the task again', async () => {
    let starts = 0
    const ask = onceUntilFailure(async () => {
      starts += 1
      if (starts === 1) throw new Error('unreachable')
      return 'me'
    })
    const failed = await Promise.allSettled([ask(), ask()])
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect(starts).toBe(1)
    expect(await ask()).toBe('me')
    expect(await ask()).toBe('me')
    expect(starts).toBe(2)
  })
})
