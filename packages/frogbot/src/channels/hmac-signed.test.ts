import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hmacSigned } from './hmac-signed.ts'

const hex = createHmac('sha256', 'secret').update('{"a":1}').digest('hex')

describe('hmacSigned', () => {
  it('accepts the hex HMAC-SHA256 of the body with the secret, after the prefix', () => {
    expect(hmacSigned({ secret: 'secret', body: '{"a":1}', signature: hex })).toBe(true)
    expect(hmacSigned({ secret: 'secret', body: '{"a":1}', signature: `sha256=${hex}`, prefix: 'sha256=' })).toBe(true)
  })

  it('refuses another secret, another body, another prefix, another case or length, and garbage, without throwing', () => {
    const check = (signature: string, { secret = 'secret', body = '{"a":1}' } = {}) => hmacSigned({ secret, body, signature, prefix: 'sha256=' })
    expect(check(`sha256=${hex}`, { secret: 'other' })).toBe(false)
    expect(check(`sha256=${hex}`, { body: '{"a":2}' })).toBe(false)
    for (const signature of [hex, `sha1=${hex}`, `sha256=${hex.toUpperCase()}`, `sha256=${hex.slice(2)}`, `sha256=${hex}0`, '', 'é'.repeat(71)]) expect(check(signature)).toBe(false)
  })
})
