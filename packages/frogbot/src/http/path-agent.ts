import type { MiddlewareHandler } from 'hono'
import { usableAgent } from '../turns/chat-access.ts'
import type { TurnServices } from '../turns/services.ts'
import type { HttpEnv } from './http-context.ts'
import { matchedRoute } from './matched-route.ts'

/**
 * Middleware for the routes of one agent (`/api/agents/:slug…`): the agent of the path and whether
 * the caller may use it (`agent-not-found` 404, `unauthorized` 401, `forbidden` 403), before the
 * route's query or body is read, so a caller nobody signed in is told to sign in before any
 * parameter is refused (docs/http/errors.md). A path no route answers is left to the 404 or 405.
 * The route asks again (`usableAgent`); the agent's `access` still runs once per caller (`mayUse`).
 */
export function agentOfPath(services: Pick<TurnServices, 'agents'>): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    if (matchedRoute(c)) await usableAgent(services, c.req.param('slug')!, c.get('req'))
    await next()
  }
}
