import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

/**
 * Middleware that marks every API response as data, never a page: `X-Content-Type-Options:
 * nosniff` (a browser must not read a JSON body that holds a user's text as HTML), a
 * `Content-Security-Policy` that allows nothing and no framing, `X-Frame-Options: DENY`,
 * `Referrer-Policy: no-referrer`, `Cross-Origin-Resource-Policy: same-origin` (another site cannot
 * embed the answers; CORS requests are not affected) and the rest of Hono's `secureHeaders`
 * defaults. `Strict-Transport-Security` is left to the deployment: the API may be mounted in an
 * app whose own policy it must not change.
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: 'DENY',
    strictTransportSecurity: false
  })
}
