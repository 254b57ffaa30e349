import { afterAll, beforeAll, expect, it } from 'vitest'
import { postgresAdapter } from '../../src/index.ts'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../src/testing/postgres.ts'
import { ADA_PASSWORD, ORIGIN, authApp } from './auth-kit.ts'

// Sessions and the sign-in rate limit on PostgreSQL, with two server processes (two pools) on one
// database. The authorization matrix runs on PostgreSQL in authorization-matrix.test.ts.

describePostgres('sign-in on PostgreSQL', () => {
  let database: TestDatabase
  let first: Awaited<ReturnType<typeof authApp>>
  let second: Awaited<ReturnType<typeof authApp>>
  const auth = { clientAddress: (request: Request) => request.headers.get('x-test-address'), loginRateLimit: { failures: 3, windowSeconds: 60 } }

  beforeAll(async () => {
    database = await createTestDatabase()
    first = await authApp({ db: postgresAdapter({ url: database.url }), auth })
    // the second process: its own pool on the same database (users and tokens already exist)
    second = await authApp({ db: postgresAdapter({ url: database.url }), auth })
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    await database?.drop()
  })

  it('a session opened on one server works on the other, and signing out on one ends it on both', async () => {
    const { cookie } = await first.login('ada@example.com', ADA_PASSWORD)
    expect((await second.request('GET', '/api/auth/me', { headers: { cookie } })).json.user.email).toBe('ada@example.com')
    expect((await second.request('POST', '/api/auth/logout', { headers: { cookie, origin: ORIGIN } })).status).toBe(204)
    expect((await first.request('GET', '/api/auth/me', { headers: { cookie } })).status).toBe(401)
  })

  it('a session expires on every server', async () => {
    const { cookie } = await first.login('bob@example.com', 'bob-password-123')
    second.clock.advance(7 * 24 * 3600 * 1000 + 1000)
    try {
      expect((await second.request('GET', '/api/agents', { headers: { cookie } })).status).toBe(401)
      expect((await first.request('GET', '/api/agents', { headers: { cookie } })).status).toBe(200)
    } finally {
      second.clock.advance(-(7 * 24 * 3600 * 1000 + 1000))
    }
  })

  it('the rate limit holds across servers and parallel attempts', async () => {
    const attempt = (app: typeof first, i: number) =>
      app.request('POST', '/api/auth/login', { body: { email: 'limit@example.com', password: `guess ${i}` }, headers: { 'x-test-address': `198.51.100.${i}` } })
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => attempt(i % 2 ? first : second, i)))
    const checked = answers.filter((answer) => answer.status === 401).length
    expect(checked).toBeLessThanOrEqual(3)
    expect(checked + answers.filter((answer) => answer.status === 429).length).toBe(8)
    const later = await attempt(first, 20)
    expect(later.status).toBe(checked === 3 ? 429 : 401)
  })
})
