import { describe, expect, it } from 'vitest'
import { checkGivenToken } from '../../src/cli/demo-access.ts'
import { ConfigError } from '../../src/errors/frogbot-error.ts'

// FROGBOT_TOKEN is checked before `frogbot serve` starts: a value that could never be sent as
// `Authorization: Bearer <token>` (RFC 6750 b64token) is refused at once, not on every request.
describe('checkGivenToken (FROGBOT_TOKEN)', () => {
  const refusal = (value: string) => {
    try {
      checkGivenToken(value)
    } catch (error) {
      expect(ConfigError.isInstance(error)).toBe(true)
      return (error as ConfigError).problems.join('\n')
    }
    return null
  }

  it('takes unset, empty and every b64token value of 16+ characters', () => {
    for (const value of [undefined, '', '   ']) expect(() => checkGivenToken(value)).not.toThrow()
    for (const value of ['0123456789abcdef0123', 'fbt_AbC-123.x_y~z+/abcd', 'c2VjcmV0LXNlY3JldC1zZWNyZXQ=', 'abcdefghijklmnop==', '  padded-token-1234567  ']) expect(refusal(value)).toBeNull()
  })

  it('refuses a value with a space, a letter outside ASCII, a control character, a quote or an inner "=", naming FROGBOT_TOKEN and the rule, never the value', () => {
    const rule = 'FROGBOT_TOKEN: must be a Bearer token (RFC 6750): only letters A–Z a–z, digits and - . _ ~ + /, with = only at the end'
    const cases: [string, string][] = [
      ['tok with spaces and ünïcode 1234', 'a space'],
      ['tökenwithümlauts1234', 'a character outside ASCII'],
      ['token\u0007with-a-bell-1234', 'a control character'],
      ['token"with-a-quote-1234', '"""'],
      ['abc=defghijklmnopqrstu', 'an "=" before its end'],
      ['================', 'nothing but "="']
    ]
    for (const [value, why] of cases) {
      const problems = refusal(value)
      expect(problems).toBe(`${rule}; it holds ${why} (for example: openssl rand -hex 24)`)
      expect(problems).not.toContain(value)
    }
  })

  it('still refuses a value shorter than 16 characters first', () => {
    expect(refusal('short')).toBe('FROGBOT_TOKEN: must be at least 16 characters (for example: openssl rand -hex 24)')
  })
})
