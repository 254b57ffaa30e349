import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { serverTimeouts } from '../../src/cli/serve-command.ts'
import { cliEnv, startServe, stopAllServes, tempFolders } from '../helpers/spawn-serve.ts'

// A client that stalls while sending its request must not hold a connection of `frogbot serve`
// for Node's default 300 s; a reply that streams for long must still reach its end.
const CONFIG = fileURLToPath(new URL('./fixtures/slow-reply.config.ts', import.meta.url))
const { folder, removeAll } = tempFolders()
afterAll(async () => {
  await stopAllServes()
  removeAll()
})

/** Sends `head` and then nothing more; resolves with what the server sent and when it closed (ms after sending). */
function stall(port: number, head: string) {
  return new Promise<{ received: string; closedAfterMs: number }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    let sentAt = 0
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk))
    socket.on('connect', () => {
      sentAt = Date.now()
      socket.write(head)
    })
    socket.on('close', () => resolve({ received, closedAfterMs: Date.now() - sentAt }))
    socket.on('error', reject)
    setTimeout(() => (socket.destroy(), reject(new Error(`the server kept the stalled connection open; received: ${received}`))), 15_000).unref()
  })
}

describe('frogbot serve bounds how long it waits for a request', { timeout: 60_000 }, () => {
  it('defaults to 30 s for the request and 15 s for its headers, checked every second', () => {
    expect(serverTimeouts(undefined)).toEqual({ requestTimeout: 30_000, headersTimeout: 15_000, connectionsCheckingInterval: 1000 })
    expect(serverTimeouts('1000')).toEqual({ requestTimeout: 1000, headersTimeout: 1000, connectionsCheckingInterval: 1000 })
    expect(() => serverTimeouts('soon')).toThrow('FROGBOT_REQUEST_TIMEOUT_MS: "soon" must be a whole number of milliseconds, at least 100')
  })

  it('answers 408 and closes a request whose body stays shorter than its Content-Length, while a long reply still streams to its end', async () => {
    const token = randomBytes(16).toString('hex')
    const server = await startServe({ cwd: folder(), env: cliEnv({ FROGBOT_TOKEN: token, FROGBOT_REQUEST_TIMEOUT_MS: '1000', SLOW_REPLY_MS: '3000' }), config: CONFIG })

    const body = '{ "prompt": "Hello'
    const stalled = await stall(
      server.port,
      `POST /api/agents/planner HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 100}\r\n\r\n${body}`
    )
    expect(stalled.received).toMatch(/^HTTP\/1\.1 408 /)
    expect(stalled.closedAfterMs).toBeLessThan(5000)
    // Answered as every error is: { error, code } and the API's security headers.
    expect(stalled.received).toContain('x-content-type-options: nosniff')
    expect(JSON.parse(stalled.received.slice(stalled.received.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'request-timeout' })

    // Headers over 16 KiB: 431 with a body too.
    const huge = await stall(server.port, `GET /api/health?${'a'.repeat(60_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    expect(huge.received).toMatch(/^HTTP\/1\.1 431 /)
    expect(JSON.parse(huge.received.slice(huge.received.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'The request line and headers are over 16 KiB.', code: 'headers-too-large' })

    // Headers that never end are cut off too.
    const headless = await stall(server.port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n`)
    expect(headless.closedAfterMs).toBeLessThan(5000)

    // A reply streaming for 3 s, three times the request limit, arrives whole.
    const started = Date.now()
    const response = await fetch(`${server.base}/api/agents/planner`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ prompt: 'Take your time' })
    })
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(Date.now() - started).toBeGreaterThan(2500)
    expect(text.match(/Still going/g)!.length).toBeGreaterThan(20)
    expect(text).toContain('"type":"finish"')
  })

  it('logs nothing for a client that disconnects in the middle of its request body (it used to log "unexpected error: Error: aborted" with a stack)', async () => {
    const token = randomBytes(16).toString('hex')
    const server = await startServe({ cwd: folder(), env: cliEnv({ FROGBOT_TOKEN: token }), config: CONFIG })
    for (const path of ['/api/agents/planner', '/api/agents/planner/chats/chat_x/settle']) {
      const body = '{ "prompt": "Hello'
      await new Promise<void>((resolve, reject) => {
        const socket = connect(server.port, '127.0.0.1')
        socket.on('connect', () => {
          socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 100}\r\n\r\n${body}`)
          // Hang up once the server is reading the body.
          setTimeout(() => socket.destroy(), 300)
        })
        socket.on('close', () => resolve())
        socket.on('error', reject)
      })
    }
    // The server goes on answering, and has said nothing about the hung-up requests.
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(server.stderr()).not.toContain('unexpected error')
    expect(server.stderr()).not.toContain('aborted')
    expect(server.stderr()).not.toMatch(/\n\s+at /)
  })
})
