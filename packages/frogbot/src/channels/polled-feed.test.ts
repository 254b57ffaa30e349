import { describe, expect, it } from 'vitest'
import { polledFeed } from './polled-feed.ts'

/** A feed of numbered items: `batches` served in turn (an Error: a failed read), then empty reads. */
function feedOf(batches: (number[] | Error)[]) {
  const reads: number[] = []
  const read = async (cursor: number) => {
    reads.push(cursor)
    const next = batches.shift() ?? []
    if (next instanceof Error) throw next
    return next.filter((item) => item >= cursor)
  }
  return { reads, read }
}

describe('polledFeed', () => {
  it('hands each item on in order and reads on from past the last one taken, until aborted', async () => {
    const controller = new AbortController()
    const { reads, read } = feedOf([[0, 1], [2]])
    const taken: number[] = []
    const take = async (item: number) => {
      taken.push(item)
      if (item === 2) controller.abort()
      return true
    }
    const after = (item: number) => item + 1
    await polledFeed({ signal: controller.signal, from: 0, read, take, after, failed: () => {} })
    expect(taken).toEqual([0, 1, 2])
    expect(reads).toEqual([0, 2])
  })

  it('reads again from the same cursor, after a pause, an item not taken yet and a failed read', async () => {
    const controller = new AbortController()
    const { reads, read } = feedOf([[0, 1], new Error('unreachable'), [1], [1]])
    const failures: unknown[] = []
    const taken: number[] = []
    let refusals = 1
    const take = async (item: number) => {
      if (item === 1 && refusals-- > 0) return false
      taken.push(item)
      if (item === 1) controller.abort()
      return true
    }
    const started = Date.now()
    await polledFeed({
      signal: controller.signal,
      from: 0,
      read,
      take,
      after: (item) => item + 1,
      failed: (error) => failures.push(error),
      retryMs: 10
    })
    expect(taken).toEqual([0, 1])
    expect(reads).toEqual([0, 1, 1])
    expect(failures).toEqual([new Error('unreachable')])
    expect(Date.now() - started).toBeGreaterThanOrEqual(15)
  })

  it('tells no failure once aborted, and resolves', async () => {
    const controller = new AbortController()
    const failures: unknown[] = []
    const read = async () => {
      controller.abort()
      throw new Error('aborted')
    }
    const feed = { signal: controller.signal, from: 0, read, take: async () => true, after: () => 0 }
    await polledFeed({ ...feed, failed: (error) => failures.push(error) })
    expect(failures).toEqual([])
  })
})
