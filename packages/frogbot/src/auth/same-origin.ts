import { FrogbotError } from '../errors/frogbot-error.ts'
import type { Caller } from '../contract/caller.ts'
import { foreignOriginMessage } from './origin-refusal.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The origins the app itself is served from: the request URL's origin and `serverURL`'s. */
function ownOrigins(request: Request, serverURL?: string): Set<string> {
  const origins = new Set([new URL(request.url).origin])
  if (serverURL) origins.add(new URL(serverURL).origin)
  return origins
}

/**
 * Where a request says it comes from: `foreign` when its `Origin` (or, without one, its `Referer`)
 * is another origin or `null`, `same` when it is the app's own origin, `absent` when it has neither
 * header (not a browser, or a browser that strips both).
 */
export function requestSource(request: Request, serverURL?: string): 'same' | 'foreign' | 'absent' {
  const own = ownOrigins(request, serverURL)
  const origin = request.headers.get('origin')
  if (origin !== null) return own.has(origin) ? 'same' : 'foreign'
  const referer = request.headers.get('referer')
  if (!referer) return 'absent'
  try {
    return own.has(new URL(referer).origin) ? 'same' : 'foreign'
  } catch {
    return 'foreign'
  }
}

/**
 * Whether `req` was authenticated by a cookie the browser attaches on its own: the FrogBot session
 * cookie, or a custom `auth.authenticate` user on a request that carries cookies (the strategy may
 * read them). Bearer tokens are never sent by a browser on its own, so they need no check.
 */
export function isCookieAuthenticated(req: Caller, request: Request): boolean {
  if (req.credential.type === 'session') return true
  return req.credential.type === 'custom' && request.headers.has('cookie')
}

/**
 * Cross-site request forgery guard: a cookie-authenticated request with an unsafe method (POST,
 * PUT, PATCH, DELETE, …) must come from the app's own origin. Throws `FrogbotError('forbidden')`
 * (403) when its `Origin` / `Referer` is foreign or missing. `SameSite=Lax` already keeps the
 * session cookie off cross-site POSTs; this also covers sibling subdomains (same site, other
 * origin) and browsers without `SameSite`.
 */
export function assertSameOrigin(req: Caller, request: Request, serverURL?: string): void {
  if (SAFE_METHODS.has(request.method.toUpperCase()) || !isCookieAuthenticated(req, request)) return
  const source = requestSource(request, serverURL)
  if (source === 'same') return
  throw new FrogbotError(
    'forbidden',
    source === 'foreign'
      ? foreignOriginMessage('request', request, serverURL)
      : 'Request refused: a request signed in by cookie must send an Origin or Referer header of this app\'s own origin.'
  )
}
