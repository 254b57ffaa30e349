import { Hono } from 'hono'
import { agentSummary } from '../../agents/agent-summary.ts'
import { clearedSessionCookie } from '../../auth/session-cookie.ts'
import { callerOf } from '../http-caller.ts'
import type { HttpContext, HttpEnv } from '../http-context.ts'

/**
 * `GET /api/frogbot`: what a client needs before it signs in (the chat UI's first request).
 * Readable without signing in; the answer depends on the caller, so it is never cached
 * (`Cache-Control: private, no-store`):
 * - `user`: the signed-in user, or `null`;
 * - `agents`: the agents this caller may use, with their profiles and client tools (kind, admin
 *   chat component, output JSON Schema) and, when they have any, the server tools that may wait
 *   for approval (`approvalTools`: description and input JSON Schema); an anonymous caller sees
 *   only agents whose `access` allows anonymous callers;
 * - `chatStorage`: whether chats are stored (always, in the configured database);
 * - `auth`: the sign-in endpoints.
 * A stale session cookie is cleared and the caller treated as anonymous; a bad bearer token is 401.
 */
export function manifestRoute(context: HttpContext) {
  const app = new Hono<HttpEnv>()
  app.get('/', async (c) => {
    const { req, stale } = await callerOf(context, c.req.raw, { staleSession: 'anonymous' })
    const agents = []
    for (const agent of context.services.agents.values()) {
      if (await agent.access(req)) agents.push(agentSummary(agent))
    }
    const body = {
      user: req.user,
      agents,
      chatStorage: true,
      auth: { login: '/api/auth/login', logout: '/api/auth/logout', me: '/api/auth/me' }
    }
    const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'private, no-store' })
    if (stale) headers.append('set-cookie', clearedSessionCookie(c.req.raw, context.serverURL))
    return new Response(JSON.stringify(body), { headers })
  })
  return app
}
