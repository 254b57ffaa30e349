import { describe, expect, it } from 'vitest'
import { givenReason, invisibleCharacterIn, isBlankText, isInvisibleCharacter } from './text-rules.ts'
import { DENIED_TEXT, deniedText, DISMISSED_TEXT, dismissedText } from './tool-errors.ts'

describe('isBlankText', () => {
  it('is true for text nobody sees: empty, white space, zero-width, bidi, other default-ignorables', () => {
    const blank = [
      '', ' \n\t', '\u200b', '\u200c\u200d', '\u2060', '\ufeff', '\u200e\u200f\u202e\u2066',
      '\ufe0f\u{e0100}', '\u3164\u115f\u1160\uffa0', '\u034f', '\u00ad'
    ]
    for (const text of blank) expect(isBlankText(text), JSON.stringify(text)).toBe(true)
  })

  // A message of only U+2800, only a Hangul filler, or only a combining accent was sent as text.
  it('is true for the braille pattern blank, each Hangul filler, and combining marks with no letter', () => {
    const blank = ['\u2800', '\u2800 \u2800', '\u3164', '\u115f', '\u1160', '\uffa0']
    blank.push('\u0301', '\u0301\u0308')
    blank.push('\u20dd', '\u200b\u0301\u2800\u3164')
    for (const text of blank) expect(isBlankText(text), JSON.stringify(text)).toBe(true)
  })

  // A message of only control characters ("\u0001", an escape) was sent as if it said something.
  it('is true for control characters (C0, DEL, C1), alone or beside white space and invisible ones', () => {
    const blank = ['\u0001', '\u001b', '\u007f', '\u0085', '\u009f', '\u0007\u0008\u000b\u000c']
    blank.push(' \u001b\u200b\n\u0085')
    for (const text of blank) expect(isBlankText(text), JSON.stringify(text)).toBe(true)
  })

  it('is false for NUL (the NUL rule refuses it wherever it is) and for text beside controls', () => {
    for (const text of ['\u0000', '\u0001\u0000', '\u001b[31mred', '\u0085x']) {
      expect(isBlankText(text), JSON.stringify(text)).toBe(false)
    }
  })

  it('is false as soon as one character shows, an emoji or a combining mark included', () => {
    const shown = ['a', '\u200bHi\u200b', '🐸', 'e\u0301', '\u0301e', '.', '\u00a0x', '\u2801', '\u3164ㅎ']
    for (const text of shown) {
      expect(isBlankText(text), JSON.stringify(text)).toBe(false)
    }
  })
})

describe('isInvisibleCharacter and invisibleCharacterIn (the email rule)', () => {
  it('are the invisible characters one at a time: a combining mark is not one, NUL is not one', () => {
    const invisible = ['\u200b', '\u202e', '\u00ad', '\ufeff', '\u2800', '\u3164', '\u001b', '\u0085', ' ']
    for (const char of invisible) {
      expect(isInvisibleCharacter(char), JSON.stringify(char)).toBe(true)
    }
    for (const char of ['a', '\u0301', '\u0000', '@', 'é']) {
      expect(isInvisibleCharacter(char), JSON.stringify(char)).toBe(false)
    }
  })

  it('names the first control or invisible character of an email, white space aside (its shape\'s)', () => {
    expect(invisibleCharacterIn('a\u001b[31mb@example.com')).toBe('U+001B')
    expect(invisibleCharacterIn('x\u200b@example.com')).toBe('U+200B')
    expect(invisibleCharacterIn('\ufeffada@example.com')).toBe('U+FEFF')
    expect(invisibleCharacterIn('ada@exam\u00adple.com\u007f')).toBe('U+00AD')
    for (const email of [' ada@example.com\n', 'a b@c', 'jose\u0301@example.com']) {
      expect(invisibleCharacterIn(email), JSON.stringify(email)).toBeNull()
    }
  })
})

describe('givenReason', () => {
  it('is no reason for none, or a reason of only white space or invisible characters', () => {
    const blank = [undefined, '', '   ', '\u200b\u202e', '\u200b', ' \u2066\n', '\u001b', '\u0007\u0085 ']
    for (const reason of blank) {
      expect(givenReason(reason), JSON.stringify(reason)).toBeUndefined()
    }
    expect(givenReason('  not now\u200b')).toBe('  not now\u200b')
  })

  it('keeps a blank reason out of the tool error the model reads', () => {
    expect(dismissedText('\u200b\u202e')).toBe(DISMISSED_TEXT)
    expect(deniedText('\u200b ')).toBe(DENIED_TEXT)
    expect(dismissedText('busy')).toBe(`${DISMISSED_TEXT} Reason: busy`)
  })
})
