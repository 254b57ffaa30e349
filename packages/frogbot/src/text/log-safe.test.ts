import { describe, expect, it } from 'vitest'
import { logSafe, safeLogger } from './log-safe.ts'

describe('logSafe', () => {
  it('shows CR, escape sequences, BEL, NUL, DEL, C1 and bidi overrides as ?', () => {
    expect(logSafe('Line1\r\u001b[2K\u001b]0;pwned\u0007 overwritten')).toBe('Line1??[2K?]0;pwned? overwritten')
    expect(logSafe('a prompt \u001b[31mred\u001b[0m')).toBe('a prompt ?[31mred?[0m')
    expect(logSafe('nul\u0000 del\u007f csi\u009b rlo\u202e lri\u2066')).toBe('nul? del? csi? rlo? lri?')
    // The bidi marks too, as `frogbot pending` shows them: one rule (terminalText).
    expect(logSafe('lrm\u200e rlm\u200f alm\u061c')).toBe('lrm? rlm? alm?')
  })

  it('keeps tabs, text in every script and the indented lines of a stack; writes any other line break as \\n', () => {
    expect(logSafe('café ✓ 🐸\tok')).toBe('café ✓ 🐸\tok')
    const stack = 'Error: boom\n    at f (file.ts:1:1)\n    at g (file.ts:2:2)'
    expect(logSafe(stack)).toBe(stack)
    expect(logSafe('frogbot: Invalid FrogBot config:\n  - FROGBOT_TOKEN: must be …')).toBe('frogbot: Invalid FrogBot config:\n  - FROGBOT_TOKEN: must be …')
    expect(logSafe('asks: Where?\nfrogbot: forged entry')).toBe('asks: Where?\\nfrogbot: forged entry')
  })

  it('safeLogger passes every line through it', () => {
    const lines: string[] = []
    safeLogger((line) => lines.push(line))('x\ry')
    expect(lines).toEqual(['x?y'])
  })
})
