import { describe, expect, it } from 'vitest'
import { isBlankText } from './text-rules.ts'

describe('isBlankText', () => {
  it('is true for text nobody sees: empty, white space, zero-width, bidi, other default-ignorables', () => {
    const blank = [
      '', ' \n\t', '\u200b', '\u200c\u200d', '\u2060', '\ufeff', '\u200e\u200f\u202e\u2066',
      '\ufe0f\u{e0100}', '\u3164\u115f\u1160\uffa0', '\u034f', '\u00ad'
    ]
    for (const text of blank) expect(isBlankText(text), JSON.stringify(text)).toBe(true)
  })

  it('is false as soon as one character shows, an emoji or a combining mark included', () => {
    for (const text of ['a', '\u200bHi\u200b', '🐸', '\u0301', '.', '\u00a0x']) {
      expect(isBlankText(text), JSON.stringify(text)).toBe(false)
    }
  })
})
