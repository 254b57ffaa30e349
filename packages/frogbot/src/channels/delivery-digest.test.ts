import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deliveryDigest } from './delivery-digest.ts'

describe('deliveryDigest', () => {
  it('is the SHA-256 hex of the parts joined by newlines, one length whatever they hold', () => {
    const sha = createHash('sha256').update('19:abc;messageid=1\nmessage\n42').digest('hex')
    expect(deliveryDigest(['19:abc;messageid=1', 'message', '42'])).toBe(sha)
    expect(deliveryDigest(['x'.repeat(5000)])).toMatch(/^[0-9a-f]{64}$/)
  })

  it('tells apart parts that would join alike without a separator', () => {
    expect(deliveryDigest(['ab', 'c'])).not.toBe(deliveryDigest(['a', 'bc']))
  })
})
