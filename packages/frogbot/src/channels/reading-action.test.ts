import { describe, expect, it } from 'vitest'
import { readingAction } from './reading-action.ts'

describe('readingAction', () => {
  it('settles an answer with its output and a dismissal with its reason', () => {
    const output = { answers: [{ header: 'Color', selected: ['Blue'] }] }
    expect(readingAction({ kind: 'answer', output })).toEqual({ action: { output } })
    expect(readingAction({ kind: 'dismiss' })).toEqual({ action: { dismissed: true } })
    const reason = 'not mine'
    expect(readingAction({ kind: 'dismiss', reason })).toEqual({ action: { dismissed: true, reason } })
  })

  it('tells an invalid reading as an invalid notice, with its question where it has one', () => {
    expect(readingAction({ kind: 'invalid', message: 'Choose an option.', question: 1 })).toEqual({
      notice: { kind: 'invalid', message: 'Choose an option.', question: 1 }
    })
    expect(readingAction({ kind: 'invalid', message: 'Write one line a question.' })).toEqual({
      notice: { kind: 'invalid', message: 'Write one line a question.' }
    })
  })

  it('is null for a reading of nothing', () => {
    expect(readingAction({ kind: 'none' })).toBeNull()
  })
})
