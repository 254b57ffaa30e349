import { describe, expect, it } from 'vitest'
import { PlatformError } from './platform-error.ts'

describe('PlatformError', () => {
  it('carries the status and its message; a 401 or 403 is a refusal of the credentials unless told otherwise', () => {
    const missing = new PlatformError('the API answered 404', 404)
    expect(missing).toBeInstanceOf(Error)
    expect(missing).toMatchObject({ name: 'PlatformError', message: 'the API answered 404', status: 404, credentials: false })
    expect(new PlatformError('refused', 401).credentials).toBe(true)
    expect(new PlatformError('forbidden', 403).credentials).toBe(true)
    expect(new PlatformError('the token endpoint refused the credentials', 400, { credentials: true }).credentials).toBe(true)
    expect(new PlatformError('the token endpoint answered 401 oddly', 401, { credentials: false }).credentials).toBe(false)
    expect(new PlatformError('not reached', 0)).toMatchObject({ status: 0, credentials: false })
  })
})
