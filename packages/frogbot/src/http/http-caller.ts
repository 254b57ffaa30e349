import type { MiddlewareHandler } from 'hono'
import { StaleSessionError } from '../auth/authenticate.ts'
import type { Caller } from '../contract/caller.ts'
import { assertSameOrigin } from '../auth/same-origin.ts'
import { clearedSessionCookie } from '../auth/session-cookie.ts'
import { addressOf } from './client-address.ts'
import { errorResponse } from './error-response.ts'
import type { HttpContext, HttpEnv } from './http-context.ts'

/**
 * The caller of an HTTP request (see `authenticate`). With `staleSession: 'anonymous'` a session
 * cookie that no longer signs anyone in makes the caller anonymous (`stale: true`, so the
 * response can clear the cookie) instead of throwing; a bad bearer token always throws.
 */
export async function callerOf(context: HttpContext, request: Request, { staleSession = 'refuse' }: { staleSession?: 'refuse' | 'anonymous' } = {}) {
  try {
    const req = await context.auth.callerOf(request, { serverURL: context.serverURL, address: addressOf(request) })
    return { req, stale: false }
  } catch (error) {
    if (!(error instanceof StaleSessionError) || staleSession === 'refuse') throw error
    const req: Caller = { user: null, credential: { type: 'anonymous' }, entryPoint: 'http', headers: request.headers, request }
    return { req, stale: true }
  }
}

/**
 * Middleware that sets `req` to the authenticated caller. A bad bearer token is 401; a stale
 * session cookie is 401 with the cookie cleared; a cookie-authenticated unsafe request from a
 * foreign (or unknown) origin is 403. Nothing after it runs on a refusal.
 */
export function authenticated(context: HttpContext): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const request = c.req.raw
    let req: Caller
    try {
      req = (await callerOf(context, request)).req
    } catch (error) {
      if (!(error instanceof StaleSessionError)) throw error
      const response = errorResponse(error, context.log)
      response.headers.append('set-cookie', clearedSessionCookie(request, context.serverURL))
      return response
    }
    assertSameOrigin(req, request, context.serverURL)
    c.set('req', req)
    await next()
  }
}

/** Middleware that marks every API response `Cache-Control: private, no-store` unless it set its own. */
export function noStore(): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next()
    try {
      if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'private, no-store')
    } catch {
      // immutable headers (a proxied response): leave them as they are
    }
  }
}
