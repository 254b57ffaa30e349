import { spawn } from 'node:child_process'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { cliEnv, REPO } from '../../../packages/frogbot/test/helpers/spawn-serve.ts'
import { createTestDatabase, describePostgres, type TestDatabase } from '../../../packages/frogbot/src/testing/postgres.ts'

// `npm start` is the README's main job. A process manager stops it with SIGTERM to npm alone (not
// the whole process group, as Ctrl-C does): the server under it must stop too, not run on orphaned.
// PostgreSQL keeps the example's own SQLite file untouched.

let database: TestDatabase
const PORT = '3187'

describePostgres('npm start', () => {
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.drop()
  })

  it('stops the server when npm alone gets SIGTERM', { timeout: 90_000 }, async () => {
    const npm = spawn('npm', ['start'], { cwd: REPO, env: cliEnv({ PORT, DATABASE_URL: database.url }), stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    npm.stdout.on('data', (chunk) => (output += chunk))
    npm.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise((resolve) => npm.once('exit', resolve))
    for (let tries = 0; !output.includes('listening on'); tries++) {
      if (tries > 600 || npm.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect((await fetch(`http://127.0.0.1:${PORT}/api/health`)).status).toBe(200)

    npm.kill('SIGTERM')
    await exited
    let closed = false
    for (let tries = 0; tries < 100 && !closed; tries++) {
      closed = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(() => false, () => true)
      if (!closed) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(closed).toBe(true)
    expect(output).toContain('shutting down')
  })
})
