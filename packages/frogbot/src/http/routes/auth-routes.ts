import { Hono } from 'hono'
import type { Credential } from '../../contract/caller.ts'
import { LoginRequest } from '@frogbotai/protocol'
import { foreignOriginMessage } from '../../auth/origin-refusal.ts'
import { assertSameOrigin, requestSource } from '../../auth/same-origin.ts'
import { clearedSessionCookie, readSessionCookie, sessionCookie } from '../../auth/session-cookie.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { authenticated } from '../http-caller.ts'
import type { HttpContext, HttpEnv } from '../http-context.ts'
import { readBody } from '../read-body.ts'
import { refuseQuery } from '../query-params.ts'
import { clientAddress } from '../client-address.ts'


/** What `GET /api/auth/me` shows of a credential: its kind, and a token's name and prefix. */
function publicCredential(credential: Credential) {
  return credential.type === 'token' ? { type: credential.type, name: credential.name, prefix: credential.prefix } : { type: credential.type }
}

/**
 * `POST /api/auth/login`, `POST /api/auth/logout`, `GET /api/auth/me`: email + password sign-in
 * with a session cookie (see `auth/session-cookie.ts`).
 */
export function authRoutes(context: HttpContext) {
  const app = new Hono<HttpEnv>()
  const { auth } = context

  app.post('/login', async (c) => {
    const request = c.req.raw
    // Login CSRF: a foreign page must not sign the browser in to another account.
    if (requestSource(request, context.serverURL) === 'foreign') {
      throw new FrogbotError('forbidden', foreignOriginMessage('sign-in', request, context.serverURL))
    }
    // The body first: one out of its rules (not JSON, an email with a control character, not an
    // email…) is 400 whether or not the sign-in limits hold, and no attempt they count (errors.md).
    const body = await readBody(request, LoginRequest, context.maxBodyBytes)
    const previous = readSessionCookie(request, context.serverURL)
    const session = await auth.signIn({ email: body.email, password: body.password, address: clientAddress(c, auth.options), replacing: previous })
    c.header('set-cookie', sessionCookie(request, context.serverURL, session.token, session.expiresAt, session.signedInAt))
    c.header('cache-control', 'no-store')
    return c.json({ user: session.user, expiresAt: session.expiresAt.toISOString() })
  })

  app.post('/logout', async (c) => {
    const request = c.req.raw
    const token = readSessionCookie(request, context.serverURL)
    if (token) {
      const session = await auth.session(token)
      if (session) assertSameOrigin({ ...session, entryPoint: 'http', headers: request.headers, request }, request, context.serverURL)
      await auth.endSession(token)
    }
    return new Response(null, { status: 204, headers: { 'set-cookie': clearedSessionCookie(request, context.serverURL), 'cache-control': 'no-store' } })
  })

  app.get('/me', authenticated(context), (c) => {
    const req = c.get('req')
    if (!req.user) throw new FrogbotError('unauthorized', 'Not signed in: sign in with POST /api/auth/login or send "Authorization: Bearer <token>".')
    // It takes no parameter: one is refused once the caller is known to be signed in (401 first).
    refuseQuery(c)
    return c.json({ user: req.user, credential: publicCredential(req.credential) })
  })
  return app
}
