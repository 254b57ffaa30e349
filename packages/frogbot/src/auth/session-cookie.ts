import { parse, serialize } from 'hono/utils/cookie'

/**
 * The session cookie. Over HTTPS it is `__Host-frogbot_session` with `Secure` (the browser then
 * refuses it from plain HTTP and from other subdomains); over plain HTTP (local development) it is
 * `frogbot_session`. Always `HttpOnly`, `SameSite=Lax`, `Path=/`, with `Max-Age` and `Expires`.
 */
export const SESSION_COOKIE = 'frogbot_session'
export const SECURE_SESSION_COOKIE = '__Host-frogbot_session'

/**
 * Whether the app is served over HTTPS: the protocol of `serverURL` when it is configured (set it
 * behind a TLS-terminating proxy), else the protocol of the request's URL. `X-Forwarded-Proto` is
 * not trusted.
 */
export function isHttps(request: Request, serverURL?: string): boolean {
  return new URL(serverURL ?? request.url).protocol === 'https:'
}

/**
 * The session cookie value a request carries, or `null`. Over HTTPS only the `__Host-` cookie is
 * read, so a cookie planted over plain HTTP or by a sibling subdomain is never taken.
 */
export function readSessionCookie(request: Request, serverURL?: string): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  const name = isHttps(request, serverURL) ? SECURE_SESSION_COOKIE : SESSION_COOKIE
  return parse(header, name)[name] ?? null
}

/** The `Set-Cookie` value that stores a session cookie until `expiresAt`. */
export function sessionCookie(request: Request, serverURL: string | undefined, token: string, expiresAt: Date, now: Date): string {
  const secure = isHttps(request, serverURL)
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))
  return serialize(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge, expires: expiresAt })
}

/** The `Set-Cookie` value that removes the session cookie from the browser. */
export function clearedSessionCookie(request: Request, serverURL?: string): string {
  const secure = isHttps(request, serverURL)
  return serialize(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: 0, expires: new Date(0) })
}
