import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { tempDir } from '../../src/testing/temp-dir.ts'

const run = promisify(execFile)

/**
 * The PgBouncer the tests reach PostgreSQL through (`.ci/start-pgbouncer` starts it):
 * `FROGBOT_TEST_PGBOUNCER_URL`, default `postgres://postgres@127.0.0.1:6432/postgres`.
 */
export const PGBOUNCER_URL = process.env.FROGBOT_TEST_PGBOUNCER_URL ?? 'postgres://postgres@127.0.0.1:6432/postgres'

/** Why PgBouncer cannot be reached (`null` when it can), checked once per test file. */
export const pgbouncerProblem: string | null = await (async () => {
  const client = new pg.Client({ connectionString: PGBOUNCER_URL, connectionTimeoutMillis: 3000 })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('select 1')
    return null
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error)
  } finally {
    await client.end().catch(() => {})
  }
})()

/** Whether Debian's `haproxy` is installed, or why not. */
export const haproxyProblem: string | null = await run('haproxy', ['-v']).then(
  () => null,
  (error: Error) => `haproxy is not installed (${error.message.split('\n')[0]}); .ci/run installs it`
)

/** `url` (a database on the test server) as reached through PgBouncer: its database name on PgBouncer's host and port. */
export function throughPgbouncer(url: string): string {
  const target = new URL(PGBOUNCER_URL)
  target.pathname = new URL(url).pathname
  return target.toString()
}

/** A free local port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** HAProxy in front of some servers (see {@link startHaproxy}). */
export type Balancer = { base: string; port: number; child: ChildProcess; stop: () => Promise<void> }

/**
 * Starts HAProxy on a free local port, balancing HTTP round-robin over `ports` on 127.0.0.1. A
 * server leaves the rotation when `GET /api/ready` fails (checked every 300 ms); a request whose
 * connection is refused is sent to the next server (never one that reached a server: an answer
 * is sent once). Responses are streamed (SSE passes as it comes). Waits until it answers.
 */
export async function startHaproxy(ports: number[]): Promise<Balancer> {
  const folder = tempDir()
  const port = await freePort()
  const file = join(folder.dir, 'haproxy.cfg')
  writeFileSync(
    file,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  option redispatch',
      '  retries 3',
      '  retry-on conn-failure',
      'frontend front',
      `  bind 127.0.0.1:${port}`,
      '  default_backend frogbot',
      'backend frogbot',
      '  balance roundrobin',
      '  option httpchk GET /api/ready',
      '  http-check expect status 200',
      ...ports.map((serverPort, index) => `  server s${index + 1} 127.0.0.1:${serverPort} check inter 300 fall 1 rise 1`),
      ''
    ].join('\n')
  )
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (data: Buffer) => (stderr += data.toString()))
  const base = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    const ok = await fetch(`${base}/api/health`).then((response) => response.ok, () => false)
    if (ok) break
    if (tries > 100 || child.exitCode !== null) {
      child.kill('SIGKILL')
      folder.remove()
      throw new Error(`HAProxy did not start: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    base,
    port,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
      folder.remove()
    }
  }
}
