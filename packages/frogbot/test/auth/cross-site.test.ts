import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADA_PASSWORD, ORIGIN, authApp, blue } from './auth-kit.ts'

// Cookie-authenticated writes must come from the app's own origin (cross-site request forgery).

type App = Awaited<ReturnType<typeof authApp>>
let app: App
let cookie: string

beforeAll(async () => {
  app = await authApp()
  cookie = (await app.login('ada@example.com', ADA_PASSWORD)).cookie
})
afterAll(async () => app?.close())

async function waitingChat() {
  const started = await app.request('POST', '/api/agents/planner', { body: { prompt: 'Paint the shed' }, headers: { authorization: `Bearer ${app.adaToken}` } })
  return { settle: `/api/agents/planner/chats/${started.json.chatId}/settle`, body: { toolCallId: started.json.pending[0].toolCallId, output: blue } }
}

describe('a cookie-authenticated settle', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }, /^Cross-site request refused/],
    ['a sibling subdomain Origin (same site, other origin)', { origin: 'http://evil.localhost' }, /^Cross-site request refused/],
    ['another port', { origin: 'http://localhost:8080' }, /^Cross-site request refused/],
    ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }, /^Cross-site request refused/],
    ['no Origin and a foreign Referer', { referer: 'https://evil.example/page' }, /^Cross-site request refused/],
    ['neither Origin nor Referer', {}, /must send an Origin or Referer header/]
  ])('from %s is 403 and stores nothing', async (_name, headers, message) => {
    const { settle, body } = await waitingChat()
    const before = await app.chatState()
    const calls = app.model.doStreamCalls.length
    const answer = await app.request('POST', settle, { body, headers: { cookie, ...headers } })
    expect(answer.status).toBe(403)
    expect(answer.json).toMatchObject({ code: 'forbidden', error: expect.stringMatching(message) })
    expect(await app.chatState()).toEqual(before)
    expect(app.model.doStreamCalls.length).toBe(calls)
  })

  it('from the own origin, or with a same-origin Referer and no Origin, goes through', async () => {
    const first = await waitingChat()
    expect((await app.request('POST', first.settle, { body: first.body, headers: { cookie, origin: ORIGIN } })).status).toBe(200)
    const second = await waitingChat()
    expect((await app.request('POST', second.settle, { body: second.body, headers: { cookie, referer: `${ORIGIN}/admin/chats/1` } })).status).toBe(200)
  })

  it('applies to starting a chat too, while reads (GET) need no Origin', async () => {
    const before = await app.chatState()
    const refused = await app.request('POST', '/api/agents/planner', { body: { prompt: 'Hi' }, headers: { cookie, origin: 'https://evil.example' } })
    expect(refused.status).toBe(403)
    expect(await app.chatState()).toEqual(before)
    expect((await app.request('GET', '/api/agents', { headers: { cookie } })).status).toBe(200)
  })
})

describe('requests that are not authenticated by a cookie', () => {
  it('a bearer token works from any origin (a browser never sends one on its own)', async () => {
    const { settle, body } = await waitingChat()
    const answer = await app.request('POST', settle, { body, headers: { authorization: `Bearer ${app.adaToken}`, origin: 'https://other-app.example' } })
    expect(answer.status).toBe(200)
  })

  it('a bearer token wins over a cookie, so a bad one is 401 even with a good cookie', async () => {
    const answer = await app.request('GET', '/api/agents', { headers: { cookie, authorization: 'Bearer fbt_revoked-or-unknown-token' } })
    expect(answer.status).toBe(401)
  })

  it('a custom-strategy user is checked like a cookie when the request carries cookies', async () => {
    const { settle, body } = await waitingChat()
    const headers = { 'x-sso-user': 'ada@example.com', cookie: 'app_session=abc' }
    expect((await app.request('POST', settle, { body, headers: { ...headers, origin: 'https://evil.example' } })).status).toBe(403)
    expect((await app.request('POST', settle, { body, headers: { 'x-sso-user': 'ada@example.com', origin: 'https://evil.example' } })).status).toBe(200)
  })
})

describe('serverURL', () => {
  it('is an allowed origin behind a proxy, and other origins still are not', async () => {
    const proxied = await authApp({ serverURL: 'https://chat.example.com' })
    try {
      const login = await proxied.request('POST', '/api/auth/login', {
        base: 'http://10.0.0.5:3000',
        body: { email: 'ada@example.com', password: ADA_PASSWORD },
        headers: { origin: 'https://chat.example.com' }
      })
      expect(login.status).toBe(200)
      const secureCookie = login.headers.getSetCookie()[0].split(';')[0]
      const post = (origin: string) =>
        proxied.request('POST', '/api/agents/planner', { base: 'http://10.0.0.5:3000', body: { prompt: 'Hi' }, headers: { cookie: secureCookie, origin } })
      expect((await post('https://chat.example.com')).status).toBe(200)
      expect((await post('http://chat.example.com')).status).toBe(403)
      expect((await post('https://evil.example')).status).toBe(403)
    } finally {
      await proxied.close()
    }
  })
})

describe('sign-in and sign-out', () => {
  it('a login posted from a foreign origin is 403 (login CSRF) and opens no session', async () => {
    const sessions = await app.db.selectFrom('frogbot_sessions').select('id').execute()
    const answer = await app.request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: ADA_PASSWORD }, headers: { origin: 'https://evil.example' } })
    expect(answer.status).toBe(403)
    expect(answer.headers.getSetCookie()).toEqual([])
    expect(await app.db.selectFrom('frogbot_sessions').select('id').execute()).toEqual(sessions)
  })

  it('a logout posted from a foreign origin is 403 and the session stays', async () => {
    const answer = await app.request('POST', '/api/auth/logout', { headers: { cookie, origin: 'https://evil.example' } })
    expect(answer.status).toBe(403)
    expect((await app.request('GET', '/api/auth/me', { headers: { cookie } })).status).toBe(200)
  })
})
