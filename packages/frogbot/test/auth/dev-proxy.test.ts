import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createServer, type ProxyOptions, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADA_PASSWORD, authApp } from './auth-kit.ts'

// A browser app in development reaches FrogBot through its dev server's proxy. Vite's string form
// (`'/api': 'http://localhost:3000'`) rewrites the Host header, so the page and FrogBot no longer
// look like one origin and the sign-in is refused: the refusal must say why and what to write.

let app: Awaited<ReturnType<typeof authApp>>
let frogbotURL: string
let close: () => Promise<void>

beforeAll(async () => {
  app = await authApp()
  const server = serve({ fetch: app.frogbot.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((ready) => server.once('listening', () => ready()))
  frogbotURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = async () => {
    await new Promise((done) => server.close(done))
    await app.close()
  }
})
afterAll(() => close?.())

/** A Vite dev server whose `/api` goes to FrogBot through `proxy`, and its origin. */
async function devServer(proxy: string | ProxyOptions) {
  const vite: ViteDevServer = await createServer({ configFile: false, logLevel: 'silent', root: import.meta.dirname, server: { port: 0, host: '127.0.0.1', proxy: { '/api': proxy } } })
  await vite.listen()
  return { vite, origin: `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}` }
}

const signIn = (origin: string) =>
  fetch(`${origin}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ email: 'ada@example.com', password: ADA_PASSWORD }) })

describe('signing in through a development proxy', () => {
  it("Vite's string form is refused with the cause and the fix; { target } signs in, and the cookie then writes through it", async () => {
    const short = await devServer(frogbotURL)
    try {
      const refused = await signIn(short.origin)
      expect(refused.status).toBe(403)
      const { error } = (await refused.json()) as { error: string }
      expect(error).toContain(`the page is ${short.origin}, this server is ${frogbotURL}`)
      expect(error).toContain("proxy: { '/api': { target } } without changeOrigin")
      expect(error).toContain('set serverURL')
    } finally {
      await short.vite.close()
    }

    const kept = await devServer({ target: frogbotURL })
    try {
      const signedIn = await signIn(kept.origin)
      expect(signedIn.status).toBe(200)
      const cookie = signedIn.headers.getSetCookie()[0].split(';')[0]
      const started = await fetch(`${kept.origin}/api/agents/planner`, { method: 'POST', headers: { 'content-type': 'application/json', origin: kept.origin, cookie }, body: JSON.stringify({ prompt: 'Paint the shed' }) })
      expect(started.status).toBe(200)
      expect(((await started.json()) as { status: string }).status).toBe('awaiting-input')
    } finally {
      await kept.vite.close()
    }
  })

  it('behind a proxy that must rewrite the Host header (Next.js rewrites), serverURL set to the page origin lets the page sign in', async () => {
    const guarded = await authApp({ serverURL: 'http://localhost:3001' })
    try {
      const refused = await guarded.request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: ADA_PASSWORD }, headers: { origin: 'http://localhost:3002' } })
      expect(refused.status).toBe(403)
      expect(refused.json.error).toContain('the page is http://localhost:3002, this server is http://localhost:3001')
      const answer = await guarded.request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: ADA_PASSWORD }, headers: { origin: 'http://localhost:3001' }, base: 'http://127.0.0.1:3000' })
      expect(answer.status).toBe(200)
    } finally {
      await guarded.close()
    }
  })
})
