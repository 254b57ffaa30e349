import { Hono } from 'hono'
import { authenticate } from '../auth/authenticate.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { errorResponse } from './error-response.ts'
import type { HttpContext, HttpEnv } from './http-context.ts'
import { agentRoutes } from './routes/agent-routes.ts'
import { chatRoutes } from './routes/chat-routes.ts'

/**
 * The FrogBot HTTP API as a web-standard handler `(request: Request) => Promise<Response>`:
 * serve it with `frogbot serve`, or mount it in any framework that speaks `Request`/`Response`
 * (Next.js route handlers, Hono, Bun, Deno). Every path is under `/api`. Errors are JSON
 * `{ error: { code?, message } }` with the seed's statuses; input never causes a 500.
 */
export function createHttpHandler(context: HttpContext): (request: Request) => Promise<Response> {
  const app = new Hono<HttpEnv>()
  app.use('/api/agents/*', async (c, next) => {
    c.set('req', await authenticate(context.services.store.db, c.req.raw, context.auth))
    await next()
  })
  app.use('/api/agents', async (c, next) => {
    c.set('req', await authenticate(context.services.store.db, c.req.raw, context.auth))
    await next()
  })
  app.route('/api/agents', chatRoutes(context))
  app.route('/api/agents', agentRoutes(context))
  app.get('/api/health', (c) => c.json({ ok: true }))
  app.notFound((c) => errorResponse(new FrogbotError('not-found', `No route ${c.req.method} ${new URL(c.req.url).pathname}.`)))
  app.onError((error) => errorResponse(error, context.log))
  return async (request) => app.fetch(request)
}
