import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADA_PASSWORD, authApp } from './auth-kit.ts'

type App = Awaited<ReturnType<typeof authApp>>
let app: App
beforeAll(async () => {
  app = await authApp()
})
afterAll(async () => app?.close())

/** How the manifest publishes the `question` client tool: its kind and its answer's JSON Schema, for chat UIs. */
const questionTool = {
  name: 'question',
  kind: 'question',
  component: null,
  outputSchema: expect.objectContaining({ type: 'object', required: ['answers'], properties: { answers: expect.objectContaining({ type: 'array' }) } })
}

describe('GET /api/frogbot', () => {
  it('is readable before signing in, lists only the agents an anonymous caller may use, and is never cached', async () => {
    const answer = await app.request('GET', '/api/frogbot')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    expect(answer.json).toEqual({
      user: null,
      agents: [{ slug: 'open', profile: { name: 'Open desk' }, clientTools: [questionTool] }],
      chatStorage: true,
      auth: { login: '/api/auth/login', logout: '/api/auth/logout', me: '/api/auth/me' }
    })
  })

  it('shows the signed-in user and every agent they may use', async () => {
    const { cookie } = await app.login('ada@example.com', ADA_PASSWORD)
    const callers: Record<string, string>[] = [{ cookie }, { authorization: `Bearer ${app.adaToken}` }, { 'x-sso-user': 'ada@example.com' }]
    for (const headers of callers) {
      const answer = await app.request('GET', '/api/frogbot', { headers })
      expect(answer.status).toBe(200)
      expect(answer.json.user).toEqual({ id: app.ada.id, email: 'ada@example.com', name: 'Ada' })
      expect(answer.json.agents).toEqual([
        { slug: 'planner', profile: { name: 'Planner' }, clientTools: [questionTool] },
        { slug: 'open', profile: { name: 'Open desk' }, clientTools: [questionTool] }
      ])
    }
  })

  it('treats a stale session cookie as anonymous and clears it; a bad bearer token is 401', async () => {
    const stale = await app.request('GET', '/api/frogbot', { headers: { cookie: `frogbot_session=fbs_${'x'.repeat(43)}` } })
    expect(stale.status).toBe(200)
    expect(stale.json.user).toBeNull()
    expect(stale.headers.getSetCookie()[0]).toMatch(/^frogbot_session=; .*Max-Age=0/)
    const bad = await app.request('GET', '/api/frogbot', { headers: { authorization: 'Bearer fbt_nope-nope-nope-nope' } })
    expect(bad.status).toBe(401)
  })
})

describe('GET /api/agents', () => {
  it('lists only the agents the caller may use', async () => {
    const anonymous = await app.request('GET', '/api/agents')
    expect(anonymous.json.agents.map((agent: { slug: string }) => agent.slug)).toEqual(['open'])
    const signedIn = await app.request('GET', '/api/agents', { headers: { authorization: `Bearer ${app.bobToken}` } })
    expect(signedIn.json.agents.map((agent: { slug: string }) => agent.slug)).toEqual(['planner', 'open'])
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store')
  })
})
