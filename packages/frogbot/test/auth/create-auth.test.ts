import { afterEach, describe, expect, it } from 'vitest'
import { createAuth } from '../../src/auth/create-auth.ts'
import { FrogbotError } from '../../src/errors/frogbot-error.ts'
import { internalsOf, storeOf } from '../../src/frogbot-internals.ts'
import { ADA_PASSWORD, ORIGIN, authApp } from './auth-kit.ts'

// Sign-in is one service made once per instance (createAuth), which HTTP and the CLI are handed:
// neither reaches the database for it.

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

const refusal = (work: Promise<unknown>) => work.then(() => null, (error: unknown) => (FrogbotError.isInstance(error) ? { code: error.code, data: error.data } : error))

describe('createAuth', () => {
  it('signs in with a password, finds the session, ends it; a wrong password is invalid-credentials', async () => {
    const { db, ada, frogbot } = await app()
    let clock = new Date('2026-12-01T10:00:00.000Z')
    const auth = createAuth({ db, adapter: storeOf(frogbot).adapter, options: { sessionMaxAge: 3600 }, now: () => clock, newId: (prefix) => `${prefix}_${Math.random().toString(36).slice(2)}` })
    expect(await refusal(auth.signIn({ email: 'ada@example.com', password: 'wrong', address: '192.0.2.1' }))).toEqual({ code: 'invalid-credentials', data: undefined })
    const session = await auth.signIn({ email: 'ada@example.com', password: ADA_PASSWORD, address: '192.0.2.1' })
    expect(session).toMatchObject({ user: { id: ada.id }, signedInAt: clock, expiresAt: new Date('2026-12-01T11:00:00.000Z') })
    expect(await auth.session(session.token)).toMatchObject({ user: { id: ada.id }, credential: { type: 'session' } })
    const caller = await auth.callerOf(new Request('http://localhost/api/agents', { headers: { cookie: `frogbot_session=${session.token}` } }), { address: '192.0.2.1' })
    expect(caller).toMatchObject({ user: { id: ada.id }, entryPoint: 'http' })
    clock = new Date('2026-12-01T11:00:01.000Z')
    expect(await auth.session(session.token)).toBeNull()
    clock = new Date('2026-12-01T10:30:00.000Z')
    await auth.endSession(session.token)
    expect(await auth.session(session.token)).toBeNull()
    expect(await auth.userByEmail('ada@example.com')).toMatchObject({ id: ada.id })
    expect(await auth.userById('nobody')).toBeNull()
  })

  it('holds its own limits: failed sign-ins past options.loginRateLimit are too-many-requests with retryAfter', async () => {
    const { db, frogbot } = await app()
    const auth = createAuth({ db, adapter: storeOf(frogbot).adapter, options: { loginRateLimit: { failures: 2, windowSeconds: 60 } }, newId: (prefix) => `${prefix}_${Math.random().toString(36).slice(2)}` })
    for (let attempt = 0; attempt < 2; attempt++) expect(await refusal(auth.signIn({ email: 'ada@example.com', password: 'wrong', address: '192.0.2.9' }))).toMatchObject({ code: 'invalid-credentials' })
    expect(await refusal(auth.signIn({ email: 'ada@example.com', password: ADA_PASSWORD, address: '192.0.2.9' }))).toEqual({ code: 'too-many-requests', data: { retryAfter: expect.any(Number) } })
  })

  it('the instance makes one, with the config’s options, and its HTTP sign-in is that one', async () => {
    const { frogbot, request } = await app({ auth: { sessionMaxAge: 120 } })
    const { auth } = internalsOf(frogbot)
    expect(auth.sessionMaxAge).toBe(120)
    const answer = await request('POST', '/api/auth/login', { body: { email: 'ada@example.com', password: ADA_PASSWORD }, headers: { origin: ORIGIN } })
    expect(answer.status).toBe(200)
    const token = /frogbot_session=([^;]+)/.exec(answer.headers.getSetCookie()[0])![1]
    expect(await auth.session(token)).toMatchObject({ user: { email: 'ada@example.com' } })
    expect(answer.headers.getSetCookie()[0]).toContain('Max-Age=120')
  })

  it('manages users and API tokens for the CLI: list, create, set a password, delete; create, list, match and revoke tokens', async () => {
    const { db, frogbot } = await app()
    const clock = new Date('2026-12-01T10:00:00.000Z')
    const auth = createAuth({ db, adapter: storeOf(frogbot).adapter, now: () => clock, newId: (prefix) => `${prefix}_${Math.random().toString(36).slice(2)}` })
    const carol = await auth.ensureUser({ email: ' Carol@Example.com ', name: 'Carol' })
    expect(carol).toMatchObject({ email: 'carol@example.com', name: 'Carol' })
    expect(await auth.ensureUser({ email: 'CAROL@example.com' })).toEqual(carol)
    const shape = 'email: is not an email address (a name, "@" and a domain, without white space)'
    await expect(auth.ensureUser({ email: 'not-an-email' })).rejects.toThrow(shape)
    // Control and invisible characters made a user nobody could name: refused, naming the first one.
    const hidden = /^email: must not contain control or invisible characters \(.*\); U\+(001B|200B|FEFF|00AD)/
    const emails = ['a\u001b[31mb@example.com', 'x\u200b@example.com', '\ufeffx@example.com']
    emails.push('x@exam\u00adple.com')
    for (const email of emails) {
      await expect(auth.ensureUser({ email }), JSON.stringify(email)).rejects.toThrow(hidden)
    }
    await expect(auth.ensureUser({ email: 'x\u202e@example.com' })).rejects.toThrow(/; U\+202E is one$/)
    // No user is made whom sign-in would refuse: its rule, in UTF-16 units (158 emoji and "@x.io" are 321).
    const emoji = `${'😀'.repeat(158)}@x.io`
    const tooLong = /^email: is too long \(at most 320 characters\)$/
    await expect(auth.ensureUser({ email: emoji })).rejects.toThrow(tooLong)
    await expect(auth.ensureUser({ email: '   ' })).rejects.toThrow(/^email: must not be empty$/)
    expect((await auth.listUsers()).map(({ email, name, hasPassword }) => ({ email, name, hasPassword }))).toEqual([
      { email: 'ada@example.com', name: 'Ada', hasPassword: true },
      { email: 'bob@example.com', name: 'Bob', hasPassword: true },
      { email: 'carol@example.com', name: 'Carol', hasPassword: false }
    ])
    await expect(auth.setPassword(carol.id, 'short')).rejects.toThrow(/password/)
    await auth.setPassword(carol.id, 'a long enough password')
    expect((await auth.listUsers()).find((user) => user.email === 'carol@example.com')?.hasPassword).toBe(true)
    expect((await auth.signIn({ email: 'carol@example.com', password: 'a long enough password', address: null })).user.id).toBe(carol.id)

    const laptop = await auth.createToken({ userId: carol.id, name: 'laptop' })
    expect(laptop.token).toMatch(/^fbt_/)
    expect(await auth.callerOf(new Request('http://localhost/api/agents', { headers: { authorization: `Bearer ${laptop.token}` } }), {})).toMatchObject({ user: { id: carol.id } })
    expect(await auth.activeTokens(laptop.prefix)).toEqual([{ id: laptop.id, name: 'laptop' }])
    expect(await auth.activeTokens(laptop.id)).toEqual([{ id: laptop.id, name: 'laptop' }])
    expect(await auth.activeTokens(laptop.token)).toEqual([{ id: laptop.id, name: 'laptop' }])
    await auth.revokeToken(laptop.id)
    expect(await auth.activeTokens(laptop.id)).toEqual([])
    expect(await auth.listTokens(carol.id)).toMatchObject([{ id: laptop.id, name: 'laptop', prefix: laptop.prefix, revoked_at: clock.toISOString() }])
    expect(JSON.stringify(await auth.listTokens(carol.id))).not.toContain(laptop.token)
    expect(await refusal(auth.callerOf(new Request('http://localhost/api/agents', { headers: { authorization: `Bearer ${laptop.token}` } }), {}))).toMatchObject({ code: 'unauthorized' })

    expect(await auth.deleteUser('CAROL@example.com')).toEqual({ chats: 0 })
    expect(await auth.deleteUser('carol@example.com')).toBeNull()
    expect(await auth.userByEmail('carol@example.com')).toBeNull()
    expect(await auth.listTokens(carol.id)).toEqual([])
  })
})
