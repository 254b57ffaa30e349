import { describe, expect, it } from 'vitest'
import { streamedReplies } from './streamed-replies.ts'

async function* streamed(chunks: string[]) {
  for (const chunk of chunks) yield chunk
}

describe('streamedReplies', () => {
  it('streams a reply longer than a message in as many messages as it takes', async () => {
    const posted: string[] = []
    const edits: string[] = []
    let ids = 0
    await streamedReplies(streamed(['first line\n', 'second line\n', 'third']), 15, {
      post: async (content) => (posted.push(content), `m${++ids}`),
      edit: async (id, content) => void edits.push(`${id} ${content}`),
      everyMs: 1
    })
    // What each message ends as: as posted, else as last edited.
    const last = new Map<string, string>()
    posted.forEach((content, index) => last.set(`m${index + 1}`, content))
    for (const edit of edits) last.set(edit.slice(0, edit.indexOf(' ')), edit.slice(edit.indexOf(' ') + 1))
    expect([...last.values()]).toEqual(['first line\n', 'second line\n', 'third'])
  })

  it('posts nothing for a reply that stays blank', async () => {
    const calls: string[] = []
    await streamedReplies(streamed(['', ' ']), 15, {
      post: async (content) => (calls.push(content), 'm1'),
      edit: async () => void calls.push('edit')
    })
    expect(calls).toEqual([])
  })
})
