import { createMcpHandler, McpServer, type McpRequestContext } from '@modelcontextprotocol/server'
import type { Caller } from '../../contract/caller.ts'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import type { HttpContext } from '../http-context.ts'
import { readUtf8Text } from '../read-body.ts'
import { errorResponse } from '../error-response.ts'
import { refuseAnyQuery } from '../query-params.ts'
import { addressOf } from '../client-address.ts'
import { mayUse } from '../../turns/chat-access.ts'
import { questionToolOf } from '../../turns/ask-question.ts'
import { registerAgentTool } from './agent-tools.ts'
import { registerAskHuman } from './ask-human-tool.ts'
import type { McpServerOptions } from './mcp-options.ts'
import { signedStates } from './signed-state.ts'

/** The caller and the agents it may use, handed from the door to the per-request server through `authInfo.extra`. */
type DoorCaller = { req: Caller; agents: ResolvedAgent[] }

/** The agent `ask_human` asks through for these `agents` (those the caller may use): `options.agent` if among them, else the first with a question tool. */
function askAgentOf(agents: ResolvedAgent[], options: McpServerOptions): string | undefined {
  if (options.agent) return agents.find((agent) => agent.slug === options.agent)?.slug
  return agents.find((agent) => questionToolOf(agent))?.slug
}

/**
 * How many more rounds of `ask_human` a 2025-revision client's one request holds after the first
 * (the SDK's compatibility shim re-runs the tool inside the request, as it has no
 * `input_required`): the call is held at most 9 rounds of `waitSeconds` and 8 pauses of 250 ms
 * (3 min 2 s with the default 20 s), then answers the SDK's tool error `Multi-round-trip request
 * 'tools/call' still required input after 8 rounds (inputRequired.maxRounds)`. Pinned here (the
 * SDK's default) so that the bound docs/protocols/mcp.md states is FrogBot's.
 */
export const LEGACY_MORE_ROUNDS = 8

/**
 * The MCP server door at `/mcp` (docs/protocols/mcp.md): a web-standard handler serving MCP's
 * Streamable HTTP (2026-07-28, and 2025 clients statelessly) through the official SDK. Only a
 * FrogBot API token as `Authorization: Bearer` signs in (401 otherwise, with
 * `WWW-Authenticate: Bearer`); a token whose user may use no agent is refused (403 `forbidden`);
 * then a query parameter, as on the API routes (400 naming it: `refuseAnyQuery`).
 * Tools: `ask_human`, and `agent_<slug>` for each agent the caller may use. A 2025 client's
 * `ask_human` is held at most {@link LEGACY_MORE_ROUNDS} rounds after the first.
 */
export function mcpDoor(context: HttpContext, options: McpServerOptions): (request: Request) => Promise<Response> {
  const { engine, services } = context
  const states = signedStates({ db: services.store.db, now: services.now, ttlSeconds: options.stateSeconds ?? 600 })
  const waitMs = (options.waitSeconds ?? 20) * 1000
  const handler = createMcpHandler(
    (request: McpRequestContext) => {
      const serving = {
        requestState: { verify: states.verify },
        inputRequired: { maxRounds: LEGACY_MORE_ROUNDS }
      }
      const server = new McpServer({ name: 'frogbot', version: '0.1.0' }, serving)
      const { req, agents } = request.authInfo?.extra as DoorCaller
      const tools = { engine, req, states, waitMs }
      registerAskHuman(server, tools, askAgentOf(agents, options), options.channel ? services.pieces.get(options.channel)?.piece : undefined)
      for (const agent of agents) registerAgentTool(server, tools, agent)
      return server
    },
    { onerror: (error) => context.log(`frogbot: MCP: ${error.message}`) }
  )
  return async (request) => {
    let req: Caller
    try {
      req = await context.auth.callerOf(request, { serverURL: context.serverURL, address: addressOf(request) })
    } catch (error) {
      return errorResponse(error, context.log)
    }
    if (req.credential.type !== 'token' || !req.user) {
      const refused = errorResponse(new FrogbotError('unauthorized', 'Send a FrogBot API token as "Authorization: Bearer <token>" (frogbot tokens create).'))
      refused.headers.set('www-authenticate', 'Bearer realm="frogbot"')
      return refused
    }
    const agents: ResolvedAgent[] = []
    for (const agent of services.agents.values()) if (await mayUse(agent, req)) agents.push(agent)
    if (agents.length === 0) return errorResponse(new FrogbotError('forbidden', 'This token may use no agent, so it has nothing to ask through MCP.'))
    const extra: DoorCaller = { req, agents }
    let body: string | null = null
    try {
      // A query parameter is refused as on the API routes, once the caller is known (401 first).
      refuseAnyQuery(request)
      // Read here, not by the MCP SDK: a body that is not UTF-8 is refused as at every door (never patched with U+FFFD), and past maxBodyBytes is 413.
      if (request.body) body = await readUtf8Text(request, context.maxBodyBytes)
    } catch (error) {
      return errorResponse(error, context.log)
    }
    return handler.fetch(body === null ? request : new Request(request, { body }), { authInfo: { token: req.credential.prefix, clientId: req.user.id, scopes: [], extra } })
  }
}
