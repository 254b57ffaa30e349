import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { errorOf } from '../helpers/error-body.ts'
import { cliEnv, PLANNER_CONFIG, runCli, startServe, stopAllServes, tempFolders } from '../helpers/spawn-serve.ts'

// Found against real `frogbot serve` processes on loopback.
const { folder, removeAll } = tempFolders()
afterAll(async () => {
  await stopAllServes()
  removeAll()
})

/** Resident memory of a process in MiB (Linux). */
const residentMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/** POSTs `total` bytes chunked (no Content-Length) and resolves with the status and body. */
function postChunked(url: string, total: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sending = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } }, (response) => {
      let body = ''
      response.setEncoding('utf8').on('data', (chunk) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, body }))
    })
    sending.on('error', reject)
    const chunk = Buffer.alloc(256 * 1024, 0x61)
    let sent = 0
    let answered = false
    const more = () => {
      while (sent < total && !answered) {
        sent += chunk.byteLength
        if (!sending.write(chunk)) return void sending.once('drain', more)
      }
      sending.end()
    }
    sending.on('response', () => (answered = true))
    more()
  })
}

describe('frogbot serve', { timeout: 60_000 }, () => {
  it('refuses to start when REDIS_URL cannot be reached, naming it (it used to start and log errors on every request)', async () => {
    const result = await runCli(['serve', '--port', '0', '--config', PLANNER_CONFIG], { cwd: folder(), env: cliEnv({ REDIS_URL: 'redis://127.0.0.1:1' }) })
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:1: .*ECONNREFUSED/)
    expect(result.stdout).not.toContain('listening on')
  })

  it('refuses a REDIS_URL that is not a redis:// URL', async () => {
    const result = await runCli(['serve', '--port', '0', '--config', PLANNER_CONFIG], { cwd: folder(), env: cliEnv({ REDIS_URL: 'localhost:6379' }) })
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('REDIS_URL: must look like redis://host:6379 (or rediss:// for TLS), with the password in it if Redis has one')
  })

  it('answers an anonymous 256 MiB chunked sign-in with 413 without holding it in memory', async () => {
    const server = await startServe({ cwd: folder() })
    const before = residentMiB(server.child.pid!)
    const answer = await postChunked(`${server.base}/api/auth/login`, 256 * 1024 * 1024)
    expect(answer.status).toBe(413)
    expect(errorOf(JSON.parse(answer.body)).code).toBe('payload-too-large')
    expect(residentMiB(server.child.pid!) - before).toBeLessThan(64)
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200)
  })
})
