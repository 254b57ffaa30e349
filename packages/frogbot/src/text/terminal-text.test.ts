import { describe, expect, it } from 'vitest'
import { terminalText } from './terminal-text.ts'

describe('terminalText', () => {
  it('shows C0 (but tab and line feed), DEL and C1 as ?', () => {
    const text = 'x\r\u001b]0;pwned\u0007 nul\u0000 del\u007f csi\u009b'
    expect(terminalText(text)).toBe('x??]0;pwned? nul? del? csi?')
  })

  it('shows every bidi control as ?: marks, embeddings, overrides, isolates', () => {
    expect(terminalText('\u202egnp.exe')).toBe('?gnp.exe')
    const bidi = '\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069'
    expect(terminalText(`a${bidi}b`)).toBe(`a${'?'.repeat(12)}b`)
  })

  it('keeps line breaks, tabs, text in every script and zero-width joiners of emoji', () => {
    const text = 'café ✓ 🐸\tok\nשלום عربي 👩\u200d💻'
    expect(terminalText(text)).toBe(text)
  })
})
