import { Hono } from 'hono'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { errorResponse } from './error-response.ts'
import { authenticated, noStore } from './http-caller.ts'
import type { HttpContext, HttpEnv } from './http-context.ts'
import type { Engine } from '../turns/engine.ts'
import { openApiDocument } from './openapi.ts'
import { readiness } from '../turns/readiness.ts'
import { agentRoutes } from './routes/agent-routes.ts'
import { authRoutes } from './routes/auth-routes.ts'
import { chatRoutes } from './routes/chat-routes.ts'
import { securityHeaders } from './security-headers.ts'
import { noteClientAddress } from './client-address.ts'
import { manifestRoute } from './routes/manifest-route.ts'
import { webhookRoutes } from './routes/webhook-routes.ts'
import { adminRoutes } from './routes/admin-routes.ts'
import { inboxRoute } from './routes/inbox-route.ts'
import type { AdminComponents } from '../admin/admin-components.ts'
import { type AnswerLinkPages, answerRoutes } from './routes/answer-routes.ts'
import { refuseUnknownQuery } from './query-params.ts'
import { agentOfPath } from './path-agent.ts'
import { chatBeforeBody } from './chat-before-body.ts'
import type { McpServerOptions } from './mcp/mcp-options.ts'

/**
 * The `/api` routes that read their own query (method and Hono path), once they know their caller
 * is signed in (`401` before any parameter is read, docs/http/errors.md): the chat lists and the
 * inbox (`queryOf`), and `GET /api/auth/me`, which takes none (`refuseQuery`); a webhook's query
 * is its platform's. Every other `/api` route refuses any parameter, naming it
 * (docs/http/overview.md, Limits), after the agent of its path (`agentOfPath`).
 */
const QUERY_ROUTES = new Set([
  'GET /api/chats',
  'GET /api/agents/:slug/chats',
  'GET /api/pending',
  'GET /api/auth/me',
  'POST /api/webhooks/:instance'
])

/**
 * `503 closed` for a request that reaches a FrogBot shutting down, with `Connection: close`: the
 * client's next request opens a new connection (to another server, or to this one once it is
 * back) instead of reusing this one, which would keep the closing process alive answering 503 to
 * a client that retries (a connection in use every second never idles out).
 */
function closedResponse(): Response {
  const closed = 'FrogBot is shutting down; retry on another server or once it is back.'
  const response = errorResponse(new FrogbotError('closed', closed))
  response.headers.set('connection', 'close')
  return response
}

/**
 * The FrogBot HTTP API as a web-standard handler `(request: Request) => Promise<Response>`:
 * serve it with `frogbot serve`, or mount it in any framework that speaks `Request`/`Response`
 * (Next.js route handlers, Hono, Bun, Deno). The API is under `/api`, the admin chat under `/admin`,
 * the pages of answer links under `/answer` (with `notify`). Errors are FrogBot's flat
 * JSON `{ error: "<message>", code }` with the seed's statuses; input never causes a 500.
 */
export function createHttpHandler(options: Omit<HttpContext, 'services'> & { engine: Engine; admin: AdminComponents; answerLinks?: AnswerLinkPages; mcp?: McpServerOptions }): HttpHandler {
  const services = options.engine.services
  const context: HttpContext = { ...options, services }
  const app = new Hono<HttpEnv>()
  // After close() nothing reaches the database: every API request is told to retry elsewhere.
  app.use('/api/*', async (_c, next) => {
    if (services.closing) return closedResponse()
    await next()
  })
  app.use('/api/*', noStore())
  app.use('/api/*', securityHeaders())
  app.use('/api/*', noteClientAddress(options.auth.options))
  app.use('/api/agents/*', authenticated(context)) // also matches /api/agents itself
  app.use('/api/chats', authenticated(context))
  app.use('/api/pending', authenticated(context))
  // Who may use the agent of the path (404, 401, 403) is told before any parameter is refused.
  app.use('/api/agents/:slug/*', agentOfPath(services)) // also matches /api/agents/:slug itself
  // Then who may see the chat a route names comes before its query and its body (404, 401).
  app.use('/api/agents/:slug', chatBeforeBody(services, { body: ['chatId', 'id'] }))
  app.use('/api/agents/:slug/ag-ui', chatBeforeBody(services, { body: ['threadId'] }))
  // (`/*` matches …/chats/:chatId itself too.)
  app.use('/api/agents/:slug/chats/:chatId/*', chatBeforeBody(services, { path: true }))
  app.use('/api/agents/:slug/:chatId/stream', chatBeforeBody(services, { path: true }))
  app.use('/api/*', refuseUnknownQuery(QUERY_ROUTES))
  app.route('/api/auth', authRoutes(context))
  app.route('/api/frogbot', manifestRoute(context))
  app.route('/api', chatRoutes(context))
  app.route('/api', inboxRoute(context))
  app.route('/api/agents', agentRoutes(context))
  // AG-UI's packages load with its first run and the MCP SDK with the door's first request, not at start-up.
  app.post('/api/agents/:slug/ag-ui', async (c) => (await import('./ag-ui/ag-ui-routes.ts')).agUiRun(context, c, c.req.param('slug')))
  app.route('/api/webhooks', webhookRoutes(context))
  app.get('/api/health', (c) => c.json({ ok: true }))
  app.get('/api/ready', async (c) => {
    const ready = await readiness(services)
    return c.json(ready, ready.ok ? 200 : 503)
  })
  app.route('/admin', adminRoutes({ components: options.admin }))
  if (options.answerLinks) app.route('/answer', answerRoutes(options.answerLinks, () => services.closing))
  const mcp = options.mcp
  let door: Promise<(request: Request) => Promise<Response>> | undefined
  const openDoor = (on: McpServerOptions) =>
    (door ??= import('./mcp/mcp-door.ts').then(
      ({ mcpDoor }) => mcpDoor(context, on),
      (error: unknown) => {
        door = undefined
        throw error
      }
    ))
  app.post('/mcp', async (c) => {
    if (services.closing) return closedResponse()
    if (!mcp?.enabled) return errorResponse(new FrogbotError('not-found', 'The MCP server door is off; turn it on with mcp: { enabled: true } (docs/protocols/mcp.md).'))
    return (await openDoor(mcp))(c.req.raw)
  })
  // Built on the first request, not at start-up: converting every schema takes a tenth of a second.
  let openapi: ReturnType<typeof openApiDocument> | undefined
  app.get('/api/openapi.json', (c) => c.json((openapi ??= openApiDocument())))
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname
    const allowed = [...new Set(routes.filter((route) => routePattern(route.path).test(path)).map((route) => route.method))]
    if (allowed.length > 0) {
      const response = errorResponse(new FrogbotError('method-not-allowed', `${c.req.method} is not allowed on ${path}; use ${allowed.join(' or ')}.`))
      response.headers.set('allow', allowed.join(', '))
      return response
    }
    return errorResponse(new FrogbotError('not-found', `No route ${c.req.method} ${path}; see GET /api/openapi.json for every endpoint.`))
  })
  app.onError((error) => errorResponse(error, context.log))
  const routes = app.routes.filter((route) => route.method !== 'ALL').map((route) => ({ method: route.method, path: route.path }))
  // `env` is what `@hono/node-server` passes (the socket, for the sign-in rate limit by address).
  const handler = async (request: Request, env?: unknown) => app.fetch(request, env as object | undefined)
  return Object.assign(handler, { routes })
}

/** A regular expression for a Hono route path such as `/api/agents/:slug`. */
function routePattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`)
}

/** The web-standard handler, plus the `routes` it answers (method and Hono path), for docs and tests. */
export type HttpHandler = ((request: Request, env?: unknown) => Promise<Response>) & { routes: { method: string; path: string }[] }
