import { afterEach, describe, expect, it } from 'vitest'
import { hashPassword } from '../../src/auth/password-hash.ts'
import { ensureUser, setPassword } from '../../src/auth/users.ts'
import { ADA_PASSWORD, ORIGIN, authApp, cookieOf } from './auth-kit.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function app(options: Parameters<typeof authApp>[0] = {}) {
  const created = await authApp(options)
  cleanup = created.close
  return created
}

/** An emoji: one code point, two UTF-16 code units. */
const EMOJI = '😀'

/** The refusal of an email holding the control or invisible character `U+<code>`. */
const HIDDEN = (code: string) => new RegExp(
  `^email: must not contain control or invisible characters \\(C0 and C1 controls, .*\\); U\\+${code} is one$`
)
const SPACE = (code: string) =>
  new RegExp(`^email: must not contain white space other than spaces around it \\(.*\\); U\\+${code} is one$`)

/** The attributes of a `Set-Cookie` value, lower-cased names. */
function attributes(setCookie: string) {
  const [pair, ...rest] = setCookie.split(';').map((part) => part.trim())
  const [name, ...value] = pair.split('=')
  return { name, value: value.join('='), attrs: new Map(rest.map((attr) => [attr.split('=')[0].toLowerCase(), attr.split('=').slice(1).join('=')])) }
}

describe('POST /api/auth/login', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie that expires, and stores only its hash', async () => {
    const { request, db, ada } = await app()
    const answer = await request('POST', '/api/auth/login', { body: { email: 'ADA@example.com ', password: ADA_PASSWORD }, headers: { origin: ORIGIN } })
    expect(answer.status).toBe(200)
    expect(answer.json).toEqual({ user: { id: ada.id, email: 'ada@example.com', name: 'Ada' }, expiresAt: expect.any(String) })
    expect(answer.headers.get('cache-control')).toBe('no-store')
    const cookies = answer.headers.getSetCookie()
    expect(cookies).toHaveLength(1)
    const { name, value, attrs } = attributes(cookies[0])
    expect(name).toBe('frogbot_session')
    expect(value).toMatch(/^fbs_[A-Za-z0-9_-]{43}$/)
    expect(attrs.has('httponly')).toBe(true)
    expect(attrs.get('samesite')).toBe('Lax')
    expect(attrs.get('path')).toBe('/')
    expect(attrs.get('max-age')).toBe(String(7 * 24 * 3600))
    expect(attrs.has('expires')).toBe(true)
    expect(attrs.has('secure')).toBe(false) // plain HTTP (local development)
    expect(Date.parse(answer.json.expiresAt) - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000)

    const sessions = await db.selectFrom('frogbot_sessions').selectAll().execute()
    expect(sessions).toHaveLength(1)
    expect(JSON.stringify(sessions)).not.toContain(value)
    expect(sessions[0]).toMatchObject({ user_id: ada.id, id: expect.stringMatching(/^ses_/) })
  })

  it('over HTTPS uses a __Host- cookie with Secure, and reads only that one', async () => {
    const { request, login } = await app()
    const answer = await request('POST', '/api/auth/login', { base: 'https://chat.example.com', body: { email: 'ada@example.com', password: ADA_PASSWORD }, headers: { origin: 'https://chat.example.com' } })
    expect(answer.status).toBe(200)
    const { name, value, attrs } = attributes(answer.headers.getSetCookie()[0])
    expect(name).toBe('__Host-frogbot_session')
    expect(attrs.has('secure')).toBe(true)
    expect(attrs.has('httponly')).toBe(true)
    expect(attrs.has('domain')).toBe(false)

    const me = await request('GET', '/api/auth/me', { base: 'https://chat.example.com', headers: { cookie: `__Host-frogbot_session=${value}` } })
    expect(me.status).toBe(200)
    // a plain-HTTP cookie name is not read over HTTPS (it could have been planted by a sibling host)
    const planted = await request('GET', '/api/auth/me', { base: 'https://chat.example.com', headers: { cookie: (await login('ada@example.com', ADA_PASSWORD)).cookie } })
    expect(planted.status).toBe(401)
  })

  it('uses serverURL to decide HTTPS behind a proxy', async () => {
    const { request } = await app({ serverURL: 'https://chat.example.com' })
    const answer = await request('POST', '/api/auth/login', { base: 'http://10.0.0.5:3000', body: { email: 'ada@example.com', password: ADA_PASSWORD }, headers: { origin: 'https://chat.example.com' } })
    expect(answer.status).toBe(200)
    expect(attributes(answer.headers.getSetCookie()[0]).name).toBe('__Host-frogbot_session')
  })

  it('gives the same 401 for an unknown email, a user without a password and a wrong password', async () => {
    const { request, db } = await app()
    await ensureUser(db, { email: 'tokens-only@example.com' })
    const answers = []
    for (const [email, password] of [
      ['nobody@example.com', ADA_PASSWORD],
      ['tokens-only@example.com', ADA_PASSWORD],
      ['ada@example.com', 'not the password']
    ]) {
      answers.push(await request('POST', '/api/auth/login', { body: { email, password } }))
    }
    for (const answer of answers) {
      expect(answer.status).toBe(401)
      expect(answer.json).toEqual({ error: 'Wrong email or password.', code: 'invalid-credentials' })
      expect(answer.headers.getSetCookie()).toEqual([])
    }
    expect(await db.selectFrom('frogbot_sessions').selectAll().execute()).toEqual([])
  })

  it.each([
    ['no password', { email: 'ada@example.com' }, /^password: is required/],
    ['an unknown field', { email: 'ada@example.com', password: 'x', remember: true }, /unknown field "remember"/],
    ['a number as email', { email: 1, password: 'x' }, /^email: /],
    ['a password over 1024 characters', { email: 'ada@example.com', password: 'x'.repeat(1025) }, /^password: is too long \(at most 1024 characters\)/],
    // Lengths count UTF-16 code units: an emoji is 2 (Zod's max would count 161 and 513).
    ['an email of 161 emoji (322 UTF-16 units)', { email: EMOJI.repeat(161), password: 'x' }, /^email: is too long \(at most 320 /],
    // Control and invisible characters in an email were a sign-in attempt (401, then 429), as was
    // an email without "@": the one rule of an email, as `frogbot users create` applies it.
    ['an escape in the email', { email: 'a\u001b[31mb@example.com', password: 'x' }, HIDDEN('001B')],
    ['a zero-width space in the email', { email: 'x\u200b@example.com', password: 'x' }, HIDDEN('200B')],
    ['a bidi override in the email', { email: 'ada@example.com\u202e', password: 'x' }, HIDDEN('202E')],
    ['a BOM before the email', { email: '\ufeffada@example.com', password: 'x' }, HIDDEN('FEFF')],
    ['a soft hyphen in the email', { email: 'ada@exam\u00adple.com', password: 'x' }, HIDDEN('00AD')],
    ['DEL in the email', { email: 'ada\u007f@example.com', password: 'x' }, HIDDEN('007F')],
    ['C1 NEL in the email', { email: 'ada\u0085@example.com', password: 'x' }, HIDDEN('0085')],
    ['an email without "@"', { email: 'ada', password: 'x' }, /^email: is not an email address \(a name/],
    // A tab, an NBSP or U+2028 inside was "is not an email address", and a tab or a line break
    // around it was trimmed and signed in: docs/auth/overview.md says "anywhere in it".
    ['a tab in the email', { email: 'ada\t@example.com', password: 'x' }, HIDDEN('0009')],
    ['a tab before the email', { email: '\tada@example.com', password: 'x' }, HIDDEN('0009')],
    ['a line feed after the email', { email: 'ada@example.com\n', password: 'x' }, HIDDEN('000A')],
    ['a carriage return after the email', { email: 'ada@example.com\r', password: 'x' }, HIDDEN('000D')],
    ['a no-break space in the email', { email: 'ada\u00a0@example.com', password: 'x' }, SPACE('00A0')],
    ['U+2028 in the email', { email: 'ada@exa\u2028mple.com', password: 'x' }, SPACE('2028')],
    ['a no-break space before the email', { email: '\u00a0ada@example.com', password: 'x' }, SPACE('00A0')],
    [
      'a password of 513 emoji (1026 UTF-16 units)',
      { email: 'ada@example.com', password: EMOJI.repeat(513) },
      /^password: is too long \(at most 1024 characters\)$/
    ]
  ])('answers 400 for a body with %s, without echoing it', async (_name, body, message) => {
    const { request } = await app()
    const answer = await request('POST', '/api/auth/login', { body })
    expect(answer.status).toBe(400)
    expect(answer.json.error).toMatch(message)
    expect(JSON.stringify(answer.json)).not.toContain('xxxx')
    expect(JSON.stringify(answer.json)).not.toContain(EMOJI)
    expect(JSON.stringify(answer.json)).not.toContain('example.com')
  })

  it('takes an email of 320 and a password of 1024 UTF-16 units: a wrong one is 401, not 400', async () => {
    const { request } = await app()
    const emailAtTheLimit = { email: `${EMOJI.repeat(154)}@example.com`, password: 'x' }
    const passwordAtTheLimit = { email: 'ada@example.com', password: EMOJI.repeat(512) }
    for (const body of [emailAtTheLimit, passwordAtTheLimit]) {
      const answer = await request('POST', '/api/auth/login', { body })
      expect(answer.status).toBe(401)
      expect(answer.json.code).toBe('invalid-credentials')
    }
  })
})

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('me shows the user and how they signed in; logout ends the session at once', async () => {
    const { request, login, ada, adaToken } = await app()
    const { cookie } = await login('ada@example.com', ADA_PASSWORD)
    const me = await request('GET', '/api/auth/me', { headers: { cookie } })
    expect(me.status).toBe(200)
    expect(me.json).toEqual({ user: { id: ada.id, email: 'ada@example.com', name: 'Ada' }, credential: { type: 'session' } })
    expect(me.headers.get('cache-control')).toBe('private, no-store')

    const byToken = await request('GET', '/api/auth/me', { headers: { authorization: `Bearer ${adaToken}` } })
    expect(byToken.json.credential).toEqual({ type: 'token', name: 'test', prefix: adaToken.slice(0, 10) })
    expect(JSON.stringify(byToken.json)).not.toContain(adaToken)

    const anonymous = await request('GET', '/api/auth/me')
    expect(anonymous.status).toBe(401)
    expect(anonymous.json.code).toBe('unauthorized')

    const out = await request('POST', '/api/auth/logout', { headers: { cookie, origin: ORIGIN } })
    expect(out.status).toBe(204)
    expect(attributes(out.headers.getSetCookie()[0])).toMatchObject({ name: 'frogbot_session', value: '' })
    expect(attributes(out.headers.getSetCookie()[0]).attrs.get('max-age')).toBe('0')

    const after = await request('GET', '/api/auth/me', { headers: { cookie } })
    expect(after.status).toBe(401)
    expect(after.json.error).toMatch(/session has expired or was ended/)
    expect(after.headers.getSetCookie()[0]).toMatch(/^frogbot_session=; .*Max-Age=0/)
    // logging out again (or without a session) is fine
    expect((await request('POST', '/api/auth/logout', { headers: { cookie } })).status).toBe(204)
  })

  it('a session expires after auth.sessionMaxAge, and a new login replaces the old session', async () => {
    const { request, login, clock, db } = await app({ auth: { sessionMaxAge: 3600 } })
    const first = await login('ada@example.com', ADA_PASSWORD)
    expect(attributes(first.answer.headers.getSetCookie()[0]).attrs.get('max-age')).toBe('3600')
    const second = await login('ada@example.com', ADA_PASSWORD, { origin: ORIGIN, cookie: first.cookie })
    expect((await request('GET', '/api/auth/me', { headers: { cookie: first.cookie } })).status).toBe(401)
    expect((await request('GET', '/api/auth/me', { headers: { cookie: second.cookie } })).status).toBe(200)
    clock.advance(3599_000)
    expect((await request('GET', '/api/auth/me', { headers: { cookie: second.cookie } })).status).toBe(200)
    clock.advance(2_000)
    const expired = await request('GET', '/api/agents', { headers: { cookie: second.cookie } })
    expect(expired.status).toBe(401)
    expect(expired.headers.getSetCookie()[0]).toMatch(/Max-Age=0/)
    // the next login clears expired sessions from the table
    await login('ada@example.com', ADA_PASSWORD)
    expect(await db.selectFrom('frogbot_sessions').select('id').execute()).toHaveLength(1)
  })

  it('rehashes a password stored with older scrypt parameters when the user signs in', async () => {
    const { request, db, ada } = await app()
    await db.updateTable('frogbot_users').set({ password_hash: await hashPassword(ADA_PASSWORD, { logN: 10, r: 8, p: 1 }) }).where('id', '=', ada.id).execute()
    expect((await request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: ADA_PASSWORD } })).status).toBe(200)
    const row = await db.selectFrom('frogbot_users').select('password_hash').where('id', '=', ada.id).executeTakeFirstOrThrow()
    expect(row.password_hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$/)
    expect((await request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: ADA_PASSWORD } })).status).toBe(200)
  })

  it('a changed password signs the user out everywhere', async () => {
    const { request, login, db, ada } = await app()
    const { cookie } = await login('ada@example.com', ADA_PASSWORD)
    await setPassword(db, ada.id, 'a brand new password')
    expect((await request('GET', '/api/auth/me', { headers: { cookie } })).status).toBe(401)
    expect((await request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: ADA_PASSWORD } })).status).toBe(401)
    await login('ada@example.com', 'a brand new password')
  })

  it('a malformed or unknown session cookie is 401 with the cookie cleared, never anonymous', async () => {
    const { request } = await app()
    for (const cookie of ['frogbot_session=garbage', `frogbot_session=fbs_${'A'.repeat(43)}`]) {
      const answer = await request('GET', '/api/agents', { headers: { cookie } })
      expect(answer.status).toBe(401)
      expect(cookieOf(answer.headers)).toBe('frogbot_session=')
    }
  })
})
