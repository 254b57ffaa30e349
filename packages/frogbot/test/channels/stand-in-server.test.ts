import { signedDeliveries, standInServer } from 'frogbot/testing'
import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'

// A piece's tests run its platform's stand-in on frogbot/testing's skeleton: the platform's answers
// are the stand-in's, the record, the failures on demand and the outages are the skeleton's.

const open: { close: () => Promise<void> }[] = []
afterEach(async () => {
  while (open.length > 0) await open.pop()!.close()
})

const echo = () => standInServer((request) => ({ status: request.method === 'POST' ? 201 : 200, json: { path: request.path, body: request.body } }))

describe('standInServer', () => {
  it('answers on 127.0.0.1 and records every call in order, found by method and path', async () => {
    const api = await echo()
    open.push(api)
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await (await fetch(`${api.url}/messages`, { method: 'POST', body: 'hi' })).json()).toEqual({ path: '/messages', body: 'hi' })
    await fetch(`${api.url}/messages/1?full=1`)
    expect(api.calls.map((call) => [call.method, call.path, call.status])).toEqual([['POST', '/messages', 201], ['GET', '/messages/1', 200]])
    expect(api.callsTo('GET', /^\/messages\/\d+$/)[0].url.searchParams.get('full')).toBe('1')
  })

  it('fails the next calls of a route as told, then answers again; a failure may leave the call unanswered', async () => {
    const api = await echo()
    open.push(api)
    api.failNext({ method: 'POST', path: '/messages' }, { status: 503, json: { error: 'down' } }, 2)
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${api.url}/messages`, { method: 'POST' })).status)
    expect(statuses).toEqual([503, 503, 201])
    api.failNext({ path: '/slow' }, 'hang')
    await expect(fetch(`${api.url}/slow`, { signal: AbortSignal.timeout(200) })).rejects.toThrow()
    expect(api.callsTo('GET', '/slow')).toEqual([])
  })

  it('is cut off and back on demand', async () => {
    const api = await echo()
    open.push(api)
    api.unreachable('refuse')
    await expect(fetch(`${api.url}/x`)).rejects.toThrow()
    api.reachable()
    expect((await fetch(`${api.url}/x`)).status).toBe(200)
  })
})

describe('signedDeliveries', () => {
  it("signs a delivery with the test's key, another key or another time on demand", () => {
    const sign = (body: string, secret: string, now: number) => ({ 'x-signature': createHmac('sha256', secret).update(`${now}:${body}`).digest('hex') })
    const deliver = signedDeliveries({ sign, key: 'secret' })
    const delivered = deliver({ a: 1 }, { now: 5 })
    expect(delivered).toEqual({ body: '{"a":1}', headers: { 'content-type': 'application/json', ...sign('{"a":1}', 'secret', 5) } })
    expect(deliver('x', { key: 'other', now: 5 }).headers['x-signature']).toBe(sign('x', 'other', 5)['x-signature'])
  })
})
