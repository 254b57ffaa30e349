import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterEach, describe, expect, it } from 'vitest'
import { addressKey } from '../../src/auth/login-rate-limit.ts'
import type { AuthOptions } from '../../src/index.ts'
import { ADA_PASSWORD, type Answer, authApp } from './auth-kit.ts'

// Sign-in is limited per client address, and per account for addresses that have not signed in to
// it lately (default: 10 failures in 15 minutes), counted in the database so the limit holds
// across server processes. Checking a password takes
// scrypt time on purpose, so most tests here use a limit of 3 failures per minute.

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const SMALL: AuthOptions['loginRateLimit'] = { failures: 3, windowSeconds: 60 }

async function app({ loginRateLimit = SMALL, filename }: { loginRateLimit?: AuthOptions['loginRateLimit'] | null; filename?: string } = {}) {
  const created = await authApp({
    filename,
    auth: { clientAddress: (request) => request.headers.get('x-test-address'), ...(loginRateLimit ? { loginRateLimit } : {}) }
  })
  closers.push(created.close)
  const attempt = (email: string, password: string, address = '203.0.113.7') =>
    created.request('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-test-address': address } })
  const burst = (count: number, email: (i: number) => string, address: (i: number) => string) =>
    Promise.all(Array.from({ length: count }, (_, i) => attempt(email(i), `wrong password ${i}`, address(i))))
  return { ...created, attempt, burst }
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status)
const other = (i: number) => `198.51.100.${i}`

function expectTooMany(answer: Answer, windowSeconds = 60, message = 'Too many failed sign-ins; try again in 1 minute.') {
  expect(answer.status).toBe(429)
  const retryAfter = Number(answer.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(windowSeconds - 30)
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
  expect(answer.json).toEqual({ error: message, code: 'too-many-requests', retryAfter })
  expect(answer.headers.getSetCookie()).toEqual([])
}

describe('login rate limit', () => {
  it('by default, after 10 failures on an account the next sign-in is 429 with Retry-After, even with the right password, until 15 minutes pass', async () => {
    const { attempt, burst, clock, db } = await app({ loginRateLimit: null })
    expect(statuses(await burst(10, () => 'ada@example.com', other))).toEqual(Array(10).fill(401))
    expectTooMany(await attempt('ada@example.com', ADA_PASSWORD, '192.0.2.200'), 900, 'Too many failed sign-ins; try again in 15 minutes.')
    expect(await db.selectFrom('frogbot_sessions').select('id').execute()).toEqual([])
    clock.advance(14 * 60 * 1000)
    expect((await attempt('ada@example.com', ADA_PASSWORD)).status).toBe(429)
    clock.advance(60 * 1000 + 1000)
    expect((await attempt('ada@example.com', ADA_PASSWORD)).status).toBe(200)
  })

  it('treats an unknown email exactly like a known one, so a 429 does not reveal accounts', async () => {
    const { attempt, burst } = await app()
    expect(statuses(await burst(3, () => 'nobody@example.com', other))).toEqual([401, 401, 401])
    expect(statuses(await burst(3, () => 'ada@example.com', (i) => other(i + 10)))).toEqual([401, 401, 401])
    const unknown = await attempt('nobody@example.com', 'guess', '192.0.2.200')
    const known = await attempt('ada@example.com', 'guess', '192.0.2.201')
    expectTooMany(unknown)
    expectTooMany(known)
  })

  // Under the limit a malformed email answered 429 while a body that is not JSON answered 400: the
  // body is read first, so a body out of its rules (the email's included) is 400 whatever the
  // limits, and is no sign-in attempt: it counts as no failure (docs/http/errors.md).
  it('refuses a malformed body with 400 before the limits, held or not, counting no failure', async () => {
    const { attempt, request, db } = await app()
    const address = '203.0.113.7'
    const post = (body: unknown) =>
      request('POST', '/api/auth/login', { body, headers: { 'x-test-address': address } })
    const malformed = [
      { email: 'ada', password: 'guess' },
      { email: 'a\u001b[31mb@example.com', password: 'guess' },
      { email: 'x\u200b@example.com', password: 'guess' },
      'not json',
      ''
    ]
    const counted = async () => (await db.selectFrom('frogbot_login_attempts').select('id').execute()).length
    for (const body of malformed) expect((await post(body)).status, JSON.stringify(body)).toBe(400)
    expect(await counted()).toBe(0)
    for (let i = 0; i < 3; i++) {
      expect((await attempt(`user${i}@example.com`, 'guess', address)).status).toBe(401)
    }
    expectTooMany(await attempt('ada@example.com', 'guess', address))
    for (const body of malformed) {
      const answer = await post(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.json.code, JSON.stringify(body)).toBeUndefined()
      expect(answer.json.error).toMatch(/^(email|body): /)
    }
    expectTooMany(await attempt('ada@example.com', 'guess', address))
  })

  it('limits an address across accounts; a success does not reset the address, and other addresses are not affected', async () => {
    const { attempt } = await app()
    expect((await attempt('user1@example.com', 'guess')).status).toBe(401)
    expect((await attempt('ada@example.com', ADA_PASSWORD)).status).toBe(200) // allowed, and not a failure
    expect((await attempt('user2@example.com', 'guess')).status).toBe(401)
    expect((await attempt('bob@example.com', 'guess')).status).toBe(401) // the 3rd failure
    expectTooMany(await attempt('carol@example.com', 'guess'))
    expectTooMany(await attempt('ada@example.com', ADA_PASSWORD))
    expect((await attempt('ada@example.com', ADA_PASSWORD, '192.0.2.99')).status).toBe(200)
  })

  it('ten wrong passwords from elsewhere do not lock the owner out of an address they signed in from', async () => {
    const { attempt, burst } = await app({ loginRateLimit: null })
    const home = '192.0.2.10'
    expect((await attempt('ada@example.com', ADA_PASSWORD, home)).status).toBe(200)
    expect(statuses(await burst(10, () => 'ada@example.com', other))).toEqual(Array(10).fill(401))
    expect((await attempt('ada@example.com', ADA_PASSWORD, home)).status).toBe(200)
    // Guessers on other addresses, and a sign-in from a new address, are still held by the account limit.
    expect(statuses(await burst(5, () => 'ada@example.com', (i) => other(i + 50)))).toEqual(Array(5).fill(429))
    expectTooMany(await attempt('ada@example.com', ADA_PASSWORD, '192.0.2.200'), 900, 'Too many failed sign-ins; try again in 15 minutes.')
  })

  it("a known address is still held by its own limit, and the owner signing in does not reset the account's failures", async () => {
    const { attempt, burst } = await app()
    const home = '192.0.2.10'
    expect((await attempt('ada@example.com', ADA_PASSWORD, home)).status).toBe(200)
    expect(statuses(await burst(3, () => 'ada@example.com', other))).toEqual([401, 401, 401])
    expect((await attempt('ada@example.com', ADA_PASSWORD, home)).status).toBe(200)
    expectTooMany(await attempt('ada@example.com', 'guess', '198.51.100.99'))
    for (let i = 0; i < 3; i++) expect((await attempt('ada@example.com', `typo ${i}`, home)).status).toBe(401)
    expectTooMany(await attempt('ada@example.com', ADA_PASSWORD, home))
  })

  it('an address stays known for 30 days after its last sign-in', async () => {
    const { attempt, burst, clock } = await app()
    const home = '192.0.2.10'
    expect((await attempt('ada@example.com', ADA_PASSWORD, home)).status).toBe(200)
    clock.advance(31 * 24 * 3600 * 1000)
    expect(statuses(await burst(3, () => 'ada@example.com', other))).toEqual([401, 401, 401])
    expectTooMany(await attempt('ada@example.com', ADA_PASSWORD, home))
  })

  it('parallel attempts never get past the limit together', async () => {
    const { burst, db } = await app()
    const answers = await burst(8, () => 'ada@example.com', other)
    const refused = answers.filter((answer) => answer.status === 429).length
    const checked = answers.filter((answer) => answer.status === 401).length
    expect(refused + checked).toBe(8)
    expect(checked).toBeLessThanOrEqual(3)
    expect((await db.selectFrom('frogbot_login_attempts').select('id').where('key', 'like', 'account:%').execute()).length).toBe(checked)
  })

  it('holds across server processes on the same database', async () => {
    const first = await app()
    const second = await app({ filename: first.file })
    expect((await first.attempt('ada@example.com', 'guess', other(1))).status).toBe(401)
    expect((await second.attempt('ada@example.com', 'guess', other(2))).status).toBe(401)
    expect((await first.attempt('ada@example.com', 'guess', other(3))).status).toBe(401)
    expectTooMany(await second.attempt('ada@example.com', ADA_PASSWORD, '192.0.2.1'))
    expectTooMany(await first.attempt('ada@example.com', ADA_PASSWORD, '192.0.2.2'))
  })

  it('stores no email and no password, only a hash of the email', async () => {
    const { attempt, db } = await app()
    await attempt('ada@example.com', 'my secret guess')
    const rows = JSON.stringify(await db.selectFrom('frogbot_login_attempts').selectAll().execute())
    expect(rows).not.toContain('ada@example.com')
    expect(rows).not.toContain('my secret guess')
    expect(rows).toMatch(/"key":"account:[0-9a-f]{64}"/)
  })
})

describe('the client address under a Node server', () => {
  it('is the socket address by default', async () => {
    const created = await authApp({ auth: { loginRateLimit: SMALL } })
    closers.push(created.close)
    const server = serve({ fetch: created.frogbot.fetch, port: 0, hostname: '127.0.0.1' })
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    await new Promise<void>((resolve) => server.once('listening', () => resolve()))
    const { port } = server.address() as AddressInfo
    const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'guess-guess' })
    })
    expect(response.status).toBe(401)
    const keys = (await created.db.selectFrom('frogbot_login_attempts').select('key').execute()).map((row) => row.key)
    expect(keys).toContain('address:127.0.0.1')
  })
})

describe('addressKey', () => {
  it('keys IPv4 as is (also IPv4-mapped) and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('address:203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('address:203.0.113.7')
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('address:2001:db8:1:2::/64')
    expect(addressKey('2001:DB8:1:2::99')).toBe('address:2001:db8:1:2::/64')
    expect(addressKey('2001:db8::1')).toBe('address:2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('address:0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('address:fe80:0:0:0::/64')
  })
})
