import { describe, expect, it } from 'vitest'
import { hashPassword, needsRehash, passwordProblem, verifyNothing, verifyPassword } from '../../src/auth/password-hash.ts'
import { ConfigError, buildConfig } from '../../src/index.ts'

const cheap = { logN: 10, r: 8, p: 1 }

describe('password hashes', () => {
  it('are scrypt in PHC format with their parameters and a random salt, and verify only the right password', async () => {
    const hash = await hashPassword('correct horse battery staple')
    expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash)
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false)
    expect(needsRehash(hash)).toBe(false)
  })

  it('verify with the parameters stored in the hash, and say when to rehash', async () => {
    const old = await hashPassword('pässword-ñ', cheap)
    expect(old.startsWith('$scrypt$ln=10,r=8,p=1$')).toBe(true)
    expect(await verifyPassword('pässword-ñ', old)).toBe(true)
    expect(await verifyPassword('pa\u0308ssword-n\u0303', old)).toBe(true) // the same text, decomposed (NFC)
    expect(needsRehash(old)).toBe(true)
  })

  it('treat malformed or out-of-bounds stored values as no match', async () => {
    for (const stored of ['', 'plain', '$scrypt$ln=15,r=8,p=3$$', '$scrypt$ln=30,r=8,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA', '$argon2id$v=19$m=1,t=1,p=1$x$y']) {
      expect(await verifyPassword('anything', stored), stored).toBe(false)
    }
    expect(await verifyNothing('anything')).toBe(false)
  })

  it('must be 8 to 1024 characters', () => {
    expect(passwordProblem('1234567')).toBe('password: must be at least 8 characters')
    expect(passwordProblem('12345678')).toBeNull()
    expect(passwordProblem('x'.repeat(1025))).toBe('password: must be at most 1024 characters')
  })
})

describe('sign-in options in buildConfig', () => {
  it('lists every problem with its path', () => {
    let error: unknown
    try {
      buildConfig({
        agents: [{ slug: 'planner', model: 'fast' }],
        serverURL: 'chat.example.com',
        auth: { authenticate: 'yes' as never, sessionMaxAge: 0, clientAddress: 1 as never, loginRateLimit: { failures: 0, windowSeconds: 1.5 } }
      })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([
      'serverURL: "chat.example.com" must be an http(s) URL such as "https://chat.example.com"',
      'auth.authenticate: must be a function (request) => user | null',
      'auth.clientAddress: must be a function (request) => string | null',
      'auth.sessionMaxAge: must be a whole number of seconds from 1 to 34560000 (400 days)',
      'auth.loginRateLimit.failures: must be a whole number from 1 to 10000',
      'auth.loginRateLimit.windowSeconds: must be a whole number of seconds from 1 to 604800 (7 days)'
    ])
  })
})
