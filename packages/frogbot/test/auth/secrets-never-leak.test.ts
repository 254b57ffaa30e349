import { describe, expect, it } from 'vitest'
import { ADA_PASSWORD, ORIGIN, authApp, blue } from './auth-kit.ts'

// After creation, API tokens, passwords and session cookie values appear in no response body,
// no response header other than the login's Set-Cookie, no log line and no stored row.

describe('secrets after creation', () => {
  it('never appear in responses, logs or the database', async () => {
    const lines: string[] = []
    const app = await authApp({ log: (line) => lines.push(line) })
    try {
      const responses: string[] = []
      const record = async (answer: Promise<{ status: number; json: unknown; headers: Headers }>, { skipSetCookie = false } = {}) => {
        const done = await answer
        const headers = [...done.headers].filter(([name]) => !(skipSetCookie && name === 'set-cookie'))
        responses.push(JSON.stringify(done.json), JSON.stringify(headers))
        return done
      }
      const wrong = 'an-incorrect-password-42'
      await record(app.request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: wrong } }))
      await record(app.request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: ADA_PASSWORD, extra: ADA_PASSWORD } }))
      await record(app.request('POST', '/api/auth/login', { body: `{"email":"ada@example.com","password":"${ADA_PASSWORD}"` }))
      const login = await record(app.request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: ADA_PASSWORD } }), { skipSetCookie: true })
      const cookie = login.headers.getSetCookie()[0].split(';')[0]
      const session = cookie.split('=')[1]

      const started = await record(app.request('POST', '/api/agents/planner', { body: { prompt: 'Paint the shed' }, headers: { authorization: `Bearer ${app.adaToken}` } }))
      const chat = `/api/agents/planner/chats/${(started.json as any).chatId}`
      await record(app.request('GET', chat, { headers: { cookie } }))
      await record(app.request('POST', `${chat}/settle`, { body: { toolCallId: 'nope', output: blue }, headers: { cookie, origin: ORIGIN } }))
      await record(app.request('POST', `${chat}/settle`, { body: { toolCallId: (started.json as any).pending[0].toolCallId, output: blue }, headers: { cookie, origin: 'https://evil.example' } }))
      await record(app.request('POST', `${chat}/settle`, { body: { toolCallId: (started.json as any).pending[0].toolCallId, output: blue }, headers: { authorization: `Bearer ${app.adaToken}` } }))
      await record(app.request('GET', chat, { headers: { authorization: `Bearer ${app.adaToken}` } }))
      await record(app.request('GET', '/api/auth/me', { headers: { authorization: `Bearer ${app.adaToken}` } }))
      await record(app.request('GET', '/api/auth/me', { headers: { cookie } }))
      await record(app.request('GET', '/api/frogbot', { headers: { cookie } }))
      await record(app.request('POST', '/api/auth/logout', { headers: { cookie, origin: ORIGIN } }))
      await record(app.request('GET', '/api/agents', { headers: { cookie } }))

      const stored = JSON.stringify(
        await Promise.all(
          ['frogbot_users', 'frogbot_api_tokens', 'frogbot_sessions', 'frogbot_login_attempts', 'frogbot_chats', 'frogbot_messages', 'frogbot_queued_messages'].map((table) =>
            app.db.selectFrom(table as 'frogbot_users').selectAll().execute()
          )
        )
      )
      for (const secret of [ADA_PASSWORD, wrong, app.adaToken, app.bobToken, session]) {
        for (const response of responses) expect(response).not.toContain(secret)
        for (const line of lines) expect(line).not.toContain(secret)
        expect(stored).not.toContain(secret)
      }
    } finally {
      await app.close()
    }
  })
})
