import { describe, expect, it } from 'vitest'
import { buildConfig, createFrogbot, postgresAdapter } from '../../src/index.ts'

describe('a database that cannot be reached', () => {
  it('fails start-up naming the database, never its password', async () => {
    const config = buildConfig({
      agents: [{ slug: 'planner', model: 'fast' }],
      db: postgresAdapter({ url: 'postgres://frogbot:s3cret@127.0.0.1:1/frogbot', pool: { connectionTimeoutMillis: 2000 } })
    })
    const failure = await createFrogbot(config, { env: {}, log: () => {}, maintenanceIntervalMs: 0 }).then(
      () => null,
      (error: Error) => error
    )
    expect(failure?.message).toMatch(/^could not open the database \(PostgreSQL 127\.0\.0\.1:1\/frogbot \(user frogbot\)\): /)
    expect(failure?.message).not.toContain('s3cret')
  })
})

describe('a database URL that is not one', () => {
  it('is refused naming the expected shape, never echoing it (a newcomer got getaddrinfo ENOTFOUND base)', () => {
    expect(() => postgresAdapter({ url: 'not-a-url' })).toThrow('the database URL (DATABASE_URL or { url }) must look like postgres://user:password@host:5432/database')
    expect(() => postgresAdapter({ url: 'mysql://root:pw@host/db' })).toThrow(/^(?!.*pw@).*must look like postgres:/)
  })
})
