import type { Context, MiddlewareHandler } from 'hono'
import type { AuthOptions } from '../auth/auth-options.ts'

const addresses = new WeakMap<Request, string | null>()

/**
 * The caller's address for the sign-in and token limits: `auth.clientAddress(request)` when the
 * app gives one (behind a proxy), else the socket's address under `frogbot serve` (the
 * `@hono/node-server` env), else `null` (unknown).
 */
export function clientAddress(c: Context, auth: AuthOptions): string | null {
  if (auth.clientAddress) return auth.clientAddress(c.req.raw) || null
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? null
}

/** Middleware that notes each request's {@link clientAddress}, for code that sees only the `Request`. */
export function noteClientAddress(auth: AuthOptions): MiddlewareHandler {
  return async (c, next) => {
    addresses.set(c.req.raw, clientAddress(c, auth))
    await next()
  }
}

/** The address {@link noteClientAddress} noted for `request`, or `null`. */
export function addressOf(request: Request): string | null {
  return addresses.get(request) ?? null
}
