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
