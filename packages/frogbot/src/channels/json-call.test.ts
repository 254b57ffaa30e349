import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonCall } from './json-call.ts'

type Seen = { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }

describe('jsonCall', () => {
  const seen: Seen[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body })
      if (request.url === '/slow') return void setTimeout(() => response.end('{}'), 500)
      if (request.url === '/text') return void response.writeHead(502).end('Bad gateway')
      if (request.url === '/refused') return void response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}')
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"1"}')
    })
  })
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends JSON or a form with accept JSON, and resolves the status and the parsed answer whatever the status', async () => {
    expect(await jsonCall(`${base}/made`, { method: 'POST', headers: { authorization: 'Bearer t' }, json: { text: 'hi' }, timeoutMs: 1000 })).toEqual({ status: 201, ok: true, answer: { id: '1' } })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer t', accept: 'application/json', 'content-type': 'application/json' }, body: '{"text":"hi"}' })
    expect(await jsonCall(`${base}/refused`, { method: 'POST', form: { grant_type: 'client_credentials', scope: 'a b' }, timeoutMs: 1000 })).toEqual({ status: 401, ok: false, answer: { error: 'invalid_client' } })
    expect(seen.at(-1)).toMatchObject({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&scope=a+b' })
    expect(await jsonCall(`${base}/made`, { timeoutMs: 1000 })).toEqual({ status: 201, ok: true, answer: { id: '1' } })
    expect(seen.at(-1)?.method).toBe('GET')
    expect(seen.at(-1)?.headers).not.toHaveProperty('content-type')
  })

  it('answers null for a body that is no JSON, and throws when no answer comes within the timeout', async () => {
    expect(await jsonCall(`${base}/text`, { timeoutMs: 1000 })).toEqual({ status: 502, ok: false, answer: null })
    await expect(jsonCall(`${base}/slow`, { timeoutMs: 50 })).rejects.toMatchObject({ name: 'TimeoutError' })
  })

  it('ends when the given signal aborts, before its timeout', async () => {
    const stop = new AbortController()
    const call = jsonCall(`${base}/slow`, { timeoutMs: 5000, signal: stop.signal })
    stop.abort(new Error('stopped'))
    await expect(call).rejects.toThrow('stopped')
    expect(await jsonCall(`${base}/made`, { timeoutMs: 1000, signal: new AbortController().signal })).toMatchObject({ status: 201 })
  })
})
