import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { signWebhook, verifyWebhookSignature } from '../../src/index.ts'
import { webhookSender } from '../../src/notify/webhook-sender.ts'

// The notice webhook's delivery (docs/chat/reach-people.md "The webhook") against a local HTTP
// receiver answering a scripted list of statuses.

const SECRET = 'whsec_0123456789abcdef'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!()
})

async function receiver(statuses: number[]) {
  const seen: { signature: string; body: string }[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      seen.push({ signature: String(request.headers['frogbot-signature']), body })
      response.writeHead(statuses[seen.length - 1] ?? 204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  closers.push(() => new Promise((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen }
}

describe('the notice webhook', () => {
  const event = { type: 'call.waiting', id: 'evt_1', chatId: 'chat_1' }

  it('retries 5xx, 408 and 429 with the same body, signed afresh; gives up after its delays', async () => {
    const { url, seen } = await receiver([503, 429, 408, 204])
    const logs: string[] = []
    expect(await webhookSender({ url, secret: SECRET, log: (line) => logs.push(line), now: () => new Date(), retryDelaysMs: [5, 5, 5] })(event)).toBe(true)
    expect(seen).toHaveLength(4)
    expect(new Set(seen.map((request) => request.body)).size).toBe(1)
    expect(seen.every((request) => verifyWebhookSignature({ header: request.signature, body: request.body, secret: SECRET }))).toBe(true)
    expect(logs).toEqual([])

    const failing = await receiver([500, 500, 500])
    expect(await webhookSender({ url: failing.url, secret: SECRET, log: (line) => logs.push(line), now: () => new Date(), retryDelaysMs: [5, 5] })(event)).toBe(false)
    expect(failing.seen).toHaveLength(3)
    expect(logs).toEqual([`frogbot: webhook call.waiting evt_1 to ${failing.url} failed after 3 attempts (status 500)`])
  })

  it('does not retry another 4xx', async () => {
    const { url, seen } = await receiver([400])
    const logs: string[] = []
    expect(await webhookSender({ url, secret: SECRET, log: (line) => logs.push(line), now: () => new Date(), retryDelaysMs: [5, 5] })(event)).toBe(false)
    expect(seen).toHaveLength(1)
    expect(logs).toEqual([`frogbot: webhook call.waiting evt_1 to ${url} was refused (status 400); not retried`])
  })

  it('a signature is refused when altered, made with another secret, or older than 5 minutes', () => {
    const body = JSON.stringify(event)
    const now = new Date('2026-12-06T12:00:00Z')
    const seconds = now.getTime() / 1000
    const header = signWebhook({ body, secret: SECRET, seconds })
    expect(verifyWebhookSignature({ header, body, secret: SECRET, now })).toBe(true)
    expect(verifyWebhookSignature({ header, body: body.replace('chat_1', 'chat_2'), secret: SECRET, now })).toBe(false)
    expect(verifyWebhookSignature({ header, body, secret: `${SECRET}x`, now })).toBe(false)
    expect(verifyWebhookSignature({ header, body, secret: SECRET, now: new Date(now.getTime() + 301_000) })).toBe(false)
    expect(verifyWebhookSignature({ header: header.replace(/v1=./, 'v1=0'), body, secret: SECRET, now })).toBe(header.includes('v1=0'))
    for (const broken of [null, '', 't=abc,v1=00', `t=${seconds}`, `v1=${'0'.repeat(64)}`]) expect(verifyWebhookSignature({ header: broken, body, secret: SECRET, now })).toBe(false)
  })
})
