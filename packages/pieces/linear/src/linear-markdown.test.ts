import { describe, expect, it } from 'vitest'
import { ACTIVITY_BUDGET, activityParts, escapeText } from './linear-markdown.ts'

describe('escapeText', () => {
  it('escapes Markdown, line starts and indentation, drops control characters and neutralises mentions', () => {
    expect(escapeText('**bold** _it_ `code` [a](b) <b>x</b> | ~s~ & !img')).toBe('\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\[a\\](b) \\<b\\>x\\</b\\> \\| \\~s\\~ \\& \\!img')
    expect(escapeText('# head\n> quote\n- item\n+ item\n1. one\n2) two\n    code')).toBe('\\# head\n\\> quote\n\\- item\n\\+ item\n1\\. one\n2\\) two\ncode')
    expect(escapeText('ping @ada and a@b.example\u0007')).toBe('ping @\u2060ada and a@b.example')
    expect(escapeText('one\n\n\n\ntwo')).toBe('one\n\ntwo')
    expect(escapeText('  many\n  lines  ', { oneLine: true })).toBe('many lines')
  })
})

describe('activityParts', () => {
  it('keeps a text within the budget whole, cuts a longer one at a line break in its second half, and drops nothing', () => {
    expect(activityParts('short')).toEqual(['short'])
    expect(activityParts('  ')).toEqual([])
    const lines = Array.from({ length: 3000 }, (_, at) => `line ${at} ${'x'.repeat(30)}`).join('\n')
    const parts = activityParts(lines)
    expect(parts.length).toBeGreaterThan(1)
    expect(parts.every((part) => part.length <= ACTIVITY_BUDGET)).toBe(true)
    expect(parts.join('\n')).toBe(lines)
    const unbroken = 'y'.repeat(ACTIVITY_BUDGET * 2 + 10)
    expect(activityParts(unbroken).map((part) => part.length)).toEqual([ACTIVITY_BUDGET, ACTIVITY_BUDGET, 10])
  })
})
