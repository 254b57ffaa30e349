import { describe, expect, it } from 'vitest'
import { packedTexts } from './packed-texts.ts'

describe('packedTexts', () => {
  it('joins lines by a blank line into as few texts of at most max characters as hold them', () => {
    expect(packedTexts(['aaaa', 'bbbb', 'cccc'], { max: 10, room: 5 })).toEqual(['aaaa\n\nbbbb', 'cccc'])
    expect(packedTexts([], { max: 10, room: 5 })).toEqual([])
  })

  it('cuts a longer line with "…" and strips hidden characters', () => {
    expect(packedTexts(['abcdefghijkl', 'x\u202Ey'], { max: 5, room: 5 })).toEqual(['abcd…', 'xy'])
  })

  it('says how many lines were left out, and where else they are, in the last text when they do not fit', () => {
    const lines = ['one', 'two', 'three', 'four', 'five']
    expect(packedTexts(lines, { max: 5, room: 3, more: ' (see the web chat)' })).toEqual(['one', 'two', '_…and 3 more (see the web chat)_'])
    expect(packedTexts(lines, { max: 10, room: 2 })).toEqual(['one\n\ntwo', '_…and 3 more_'])
    expect(packedTexts(lines, { max: 3, room: 1 })).toEqual(['_…and 5 more_'])
  })
})
