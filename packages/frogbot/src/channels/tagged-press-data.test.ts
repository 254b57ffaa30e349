import { describe, expect, it } from 'vitest'
import { cardTag, taggedPressData } from './tagged-press-data.ts'

type Action = { kind: 'option'; index: number } | { kind: 'page'; page: number } | { kind: 'dismiss' }
const data = taggedPressData<Action>({ option: ['o', 'index'], page: ['g', 'page'], dismiss: ['x'] })
const tag = cardTag({ chatId: 'chat_1', toolCallId: 'call_1' })

describe('taggedPressData', () => {
  it('names a card by 8 URL-safe characters of its chat and call, the same every time', () => {
    expect(tag).toMatch(/^[A-Za-z0-9_-]{8}$/)
    expect(cardTag({ chatId: 'chat_1', toolCallId: 'call_1' })).toBe(tag)
    expect(cardTag({ chatId: 'chat_1', toolCallId: 'call_2' })).not.toBe(tag)
  })

  it('writes each action with its letter and number, in a few ASCII bytes, and reads it back', () => {
    const actions: Action[] = [{ kind: 'option', index: 99 }, { kind: 'page', page: 12 }, { kind: 'dismiss' }]
    expect(actions.map((action) => data.write({ card: tag, revision: 7, action }))).toEqual([
      `${tag}:7:o99`,
      `${tag}:7:g12`,
      `${tag}:7:x`
    ])
    for (const action of actions) {
      const written = data.write({ card: tag, revision: 123456, action })
      expect(Buffer.byteLength(written)).toBeLessThan(64)
      expect(data.read(written)).toEqual({ card: tag, revision: 123456, action })
    }
  })

  it('reads nothing else: another letter, a number where none goes or none where one does, junk', () => {
    const junk = ['chat:{"a":"x"}', `${tag}:0:x1`, `${tag}:0:o`, `${tag}:0:d`, `${tag}:x:o1`, `${tag}:0:o1:x`]
    for (const text of [...junk, '']) expect(data.read(text)).toBeNull()
  })

  it('writes an approval button as fbap:<card>:<a|d|e> and reads it back; nothing else reads as one', () => {
    expect(data.approval(tag, 'approve')).toBe(`fbap:${tag}:a`)
    for (const button of ['approve', 'deny', 'edit'] as const) {
      expect(data.readApproval(data.approval(tag, button))).toEqual({ card: tag, button })
    }
    for (const text of [`fbap:${tag}:z`, `fbap:${tag}`, `${tag}:0:o1`]) {
      expect(data.readApproval(text)).toBeNull()
    }
  })
})
