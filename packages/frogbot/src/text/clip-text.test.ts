import { describe, expect, it } from 'vitest'
import { clipText, cutIndex } from './clip-text.ts'

describe('cutting text between characters', () => {
  it('never splits a surrogate pair: an emoji at the cut goes whole', () => {
    const text = 'ab🐸🐸'
    expect([0, 1, 2, 3, 4, 5, 6].map((end) => cutIndex(text, end))).toEqual([0, 1, 2, 2, 4, 4, 6])
    expect(clipText('Plan 🐸🐸🐸', 8)).toBe('Plan 🐸…')
  })

  it('keeps a flag, a family emoji and a letter with its accent whole', () => {
    expect(clipText('Go 🇫🇷🇫🇷', 8)).toBe('Go 🇫🇷…')
    expect(clipText('Hi 👨‍👩‍👧 there', 8)).toBe('Hi …')
    expect(clipText('cafe\u0301s', 5)).toBe('caf…')
  })

  it('leaves short text alone and takes another ellipsis, or none', () => {
    expect(clipText('short', 5)).toBe('short')
    expect(clipText(`${'x'.repeat(10)}🐸`, 11, '')).toBe('x'.repeat(10))
  })
})
