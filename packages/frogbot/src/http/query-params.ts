import type { Context, MiddlewareHandler } from 'hono'
import { HonoRequest } from 'hono/request'
import { z } from 'zod'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { HttpEnv } from './http-context.ts'
import { matchedRoute } from './matched-route.ts'
import { strictForm } from './read-body.ts'

/**
 * The query of a request read by `schema` (a strict Zod object), each parameter given once.
 * Throws `bad-request` (400) naming the parameter: `limit: give it once`, `sort: unknown
 * parameter; the parameters are limit, cursor`, the schema's rule (`limit: must be a whole
 * number from 1 to 100`), a parameter without a name (`?=3`, `?=`, which Hono's reading drops), or
 * a name or value whose bytes are not UTF-8 (`agent: not valid UTF-8` for `?agent=%FF`: refused,
 * never read as the text `%FF` nor patched with U+FFFD, as form bodies are, docs/http/errors.md).
 */
export function queryOf<T extends z.ZodObject>(c: Context<HttpEnv>, schema: T): z.output<T> {
  return queryOfRequest(c.req, schema)
}

/** {@link queryOf} on a request as Hono reads it. */
function queryOfRequest<T extends z.ZodObject>(
  req: Pick<HonoRequest, 'url' | 'query' | 'queries'>,
  schema: T
): z.output<T> {
  const names = Object.keys(schema.shape)
  const known = names.length > 0 ? `the parameters are ${names.join(', ')}` : 'this route takes none'
  const search = new URL(req.url).search
  // Hono reads a value that is not UTF-8 as its raw text ("%FF"): refused here first, naming it.
  if (search.length > 1) strictForm(new TextEncoder().encode(search.slice(1)), "a parameter's name")
  const nameless = new URL(req.url).searchParams.get('')
  if (nameless !== null) {
    const what = nameless === '' ? 'a parameter without a name' : "a value without a parameter's name"
    throw new FrogbotError('bad-request', `=${nameless}: ${what}; ${known}`)
  }
  const repeated = Object.entries(req.queries()).find(([, values]) => values.length > 1)
  if (repeated) throw new FrogbotError('bad-request', `${repeated[0]}: give it once`)
  const query = schema.safeParse(req.query())
  if (query.success) return query.data
  const issue = query.error.issues[0]
  if (issue.code === 'unrecognized_keys') {
    throw new FrogbotError('bad-request', `${issue.keys[0]}: unknown parameter; ${known}`)
  }
  throw new FrogbotError('bad-request', `${issue.path.join('.')}: ${issue.message}`)
}

/** The query of a route that takes no parameters. */
const NO_QUERY = z.strictObject({})

/**
 * Refuses any query parameter on a route that takes none, as {@link refuseUnknownQuery} does, for
 * a route listed among those that read their own query because it must know its caller first
 * (`GET /api/auth/me`: `401` before any parameter is read, docs/http/errors.md).
 */
export function refuseQuery(c: Context<HttpEnv>): void {
  queryOf(c, NO_QUERY)
}

/**
 * Middleware that refuses any query parameter on a route that takes none, before the route runs:
 * `bad-request` (400) naming it (`dryRun: unknown parameter; this route takes none`), never
 * ignored. `withQuery` holds the routes that read their own query with {@link queryOf}, as
 * method and Hono path (`GET /api/chats`); a request no route answers is left to the 404.
 */
export function refuseUnknownQuery(withQuery: ReadonlySet<string>): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const route = matchedRoute(c)
    if (route && !withQuery.has(`${route.method} ${route.path}`)) queryOf(c, NO_QUERY)
    await next()
  }
}

/**
 * Refuses any query parameter of `request`, for a door outside the `/api` routes that takes none
 * (`POST /mcp`: MCP's Streamable HTTP names nothing in the URL): the same `bad-request` (400)
 * naming it as {@link refuseUnknownQuery} (`x: unknown parameter; this route takes none`).
 */
export function refuseAnyQuery(request: Request): void {
  queryOfRequest(new HonoRequest(request), NO_QUERY)
}
