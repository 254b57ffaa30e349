import { describe, expect, it } from 'vitest'
import { verifiedByKit, verifiedRequest } from '../../src/channels/chat-sdk/verified-requests.ts'

describe('verify once (the kit hands adapters the verified body)', () => {
  it('the adapters’ webhookVerifier accepts only a request the kit made from a verified body, with that body and the original headers', async () => {
    const incoming = new Request('http://frogbot.test/api/webhooks/slack', { method: 'POST', headers: { 'x-slack-signature': 'v0=abc' }, body: '{"a":1}' })
    const body = await incoming.text()
    const handed = verifiedRequest(incoming, body)
    expect(verifiedByKit(handed)).toBe(true)
    expect(verifiedByKit(handed.clone())).toBe(false)
    expect(await handed.text()).toBe('{"a":1}')
    expect(handed.headers.get('x-slack-signature')).toBe('v0=abc')
    // Anything else (the original request, a copy, a request made elsewhere) is refused.
    expect(verifiedByKit(incoming)).toBe(false)
    expect(verifiedByKit(new Request('http://frogbot.test/api/webhooks/slack', { method: 'POST', body }))).toBe(false)
  })
})
