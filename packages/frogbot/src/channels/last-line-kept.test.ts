import { describe, expect, it } from 'vitest'
import { lastLineKept } from './last-line-kept.ts'

describe('lastLineKept', () => {
  it('keeps a text that fits as it is', () => {
    const text = 'Color\nWhich color?\n\nAnswered by Ada.'
    expect(lastLineKept(text, 100)).toBe(text)
  })

  it('cuts the lines before the last, keeping the last whole, within max', () => {
    const text = `${'x'.repeat(50)}\n${'y'.repeat(50)}\nAnswered by Ada.`
    const cut = lastLineKept(text, 40)
    expect(cut.length).toBe(40)
    expect(cut).toBe(`${'x'.repeat(22)}…\nAnswered by Ada.`)
  })

  it('cuts a text of one line, or one whose last line leaves no room, as a whole', () => {
    expect(lastLineKept('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`)
    expect(lastLineKept(`head\n${'y'.repeat(20)}`, 10)).toBe('head\nyyyy…')
  })
})
