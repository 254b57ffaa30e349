import { describe, expect, it } from 'vitest'
import { streamedReply } from './streamed-reply.ts'

/** A text streamed in `chunks`, waiting `gapMs` before each. */
async function* streamed(chunks: string[], gapMs = 0) {
  for (const chunk of chunks) {
    await new Promise((resolve) => setTimeout(resolve, gapMs))
    yield chunk
  }
}

describe('streamedReply', () => {
  it('posts on the first text that is not blank, edits as it grows, and ends with all of it', async () => {
    const calls: string[] = []
    await streamedReply(streamed([' ', 'Hello', ', Ada', '.'], 30), {
      post: async (content) => (calls.push(`post ${content}`), 'm1'),
      edit: async (id, content) => void calls.push(`edit ${id} ${content}`),
      render: (whole) => whole.trim(),
      everyMs: 10
    })
    expect(calls[0]).toBe('post Hello')
    expect(calls.at(-1)).toBe('edit m1 Hello, Ada.')
    expect(new Set(calls).size).toBe(calls.length)
  })

  it('posts nothing for a text that stays blank, and edits nothing that did not change', async () => {
    const calls: string[] = []
    const post = async (content: string) => (calls.push(`post ${content}`), 'm1')
    const edit = async (id: string, content: string) => void calls.push(`edit ${id} ${content}`)
    await streamedReply(streamed(['', '  \n']), { post, edit })
    expect(calls).toEqual([])
    await streamedReply(streamed(['Done.']), { post, edit })
    expect(calls).toEqual(['post Done.'])
  })

  it('a failed edit along the way is left to the next; the last one is the caller’s to see', async () => {
    let failures = 1
    const shown: string[] = []
    await streamedReply(streamed(['a', 'b', 'c'], 30), {
      post: async () => 'm1',
      edit: async (_id, content) => {
        if (failures-- > 0) throw new Error('flaky')
        shown.push(content)
      },
      everyMs: 5
    })
    expect(shown.at(-1)).toBe('abc')
  })
})
