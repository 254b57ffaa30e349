import { afterEach, describe, expect, it } from 'vitest'
import { errorOf } from '../helpers/error-body.ts'
import { scriptedModel, textStep } from '../../src/testing/scripted-model.ts'
import { testFrogbot } from '../helpers/test-frogbot.ts'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!()
})
async function app() {
  const made = await testFrogbot({ model: scriptedModel([textStep('<script>alert(1)</script>')]) })
  cleanups.push(made.close)
  return made
}

/** A request body of `total` bytes streamed in 64 KiB chunks without Content-Length; `pulled()` says how much was read. */
function chunkedBody(total: number) {
  let sent = 0
  const chunk = new Uint8Array(64 * 1024).fill(0x61)
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close()
      sent += chunk.byteLength
      controller.enqueue(chunk)
    }
  })
  return { body, pulled: () => sent }
}

describe('request bodies', () => {
  it('a chunked body without Content-Length is refused with 413 once it passes the limit, not read whole', async () => {
    const { frogbot, token } = await app()
    for (const path of ['/api/auth/login', '/api/agents/planner']) {
      const { body, pulled } = chunkedBody(256 * 1024 * 1024)
      const request = new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body, duplex: 'half' } as RequestInit)
      const response = await frogbot.fetch(request)
      expect(response.status, path).toBe(413)
      expect(errorOf(await response.json()).message).toBe('The request body is over 1048576 bytes.')
      expect(pulled(), path).toBeLessThan(2 * 1024 * 1024)
    }
  })
})

describe('response headers', () => {
  it('every API response is marked nosniff, unframeable and not a page, errors included', async () => {
    const { call } = await app()
    const answers = [
      await call('POST', '/api/agents/planner', { prompt: '<img src=x onerror=alert(1)>' }),
      await call('GET', '/api/agents/planner/chats'),
      await call('POST', '/api/agents/planner', '{bad json'),
      await call('GET', '/api/nothing'),
      await call('GET', '/api/health', undefined, { authorization: '' })
    ]
    for (const { status, headers } of answers) {
      expect(headers.get('x-content-type-options'), String(status)).toBe('nosniff')
      expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(headers.get('x-frame-options')).toBe('DENY')
      expect(headers.get('referrer-policy')).toBe('no-referrer')
      expect(headers.get('cross-origin-resource-policy')).toBe('same-origin')
      expect(headers.get('strict-transport-security')).toBeNull()
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 404, 200])
  })
})
