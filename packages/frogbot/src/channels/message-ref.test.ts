import { describe, expect, it } from 'vitest'
import { messageRef, messageRefParts } from './message-ref.ts'

describe('messageRef', () => {
  it('writes the place before the id, and reads them back split at the first colon', () => {
    expect(messageRef('C123', '1712345678.000100')).toBe('C123:1712345678.000100')
    expect(messageRefParts('C123:1712345678.000100')).toEqual({ place: 'C123', id: '1712345678.000100' })
    expect(messageRefParts(messageRef('-100200', 'a:b'))).toEqual({ place: '-100200', id: 'a:b' })
  })

  it('reads a text without a colon as an id with an empty place', () => {
    expect(messageRefParts('42')).toEqual({ place: '', id: '42' })
  })
})
