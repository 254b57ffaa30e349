import { describe, expect, it } from 'vitest'
import { sameSecret } from './same-secret.ts'

describe('sameSecret', () => {
  it('is true only for the secret itself: not for another, a prefix, a longer text or a missing header', () => {
    expect(sameSecret('s3cret-token', 's3cret-token')).toBe(true)
    expect(sameSecret('s3cret-tokem', 's3cret-token')).toBe(false)
    expect(sameSecret('s3cret', 's3cret-token')).toBe(false)
    expect(sameSecret('s3cret-token-and-more', 's3cret-token')).toBe(false)
    expect(sameSecret('', 's3cret-token')).toBe(false)
    expect(sameSecret(null, 's3cret-token')).toBe(false)
  })
})
