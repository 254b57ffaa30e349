import type { Context } from 'hono'
import { matchedRoutes } from 'hono/route'

/**
 * The route that answers the request (method and Hono path), not a middleware's; `undefined`
 * where none does, for the 404 or 405 to come.
 */
export function matchedRoute(c: Context): { method: string; path: string } | undefined {
  return matchedRoutes(c).find((matched) => matched.method !== 'ALL')
}
