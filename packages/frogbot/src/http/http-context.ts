import type { ResolvedAgent } from '../agents/resolve-agents.ts'
import type { FrogbotRequest } from '../auth/frogbot-request.ts'
import type { TokenGuessLimiter } from '../auth/token-guess-limit.ts'
import type { AuthOptions } from '../config/options.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { TurnServices } from '../turns/turn-environment.ts'

/** Hono variables of a FrogBot route: `req`, the authenticated caller. */
export type HttpEnv = { Variables: { req: FrogbotRequest } }

/** What the HTTP routes need from a FrogBot instance. */
export type HttpContext = {
  services: TurnServices
  auth: AuthOptions
  /** `serverURL` from the config: the app's public origin, for cookies and the cross-site check. */
  serverURL?: string
  maxBodyBytes: number
  /** Throttles wrong bearer tokens; `createHttpHandler` makes one per handler. */
  tokenGuesses?: TokenGuessLimiter
  log: (line: string) => void
}

/**
 * The agent `slug` if `req` may use it. Throws `agent-not-found` (404) for an unknown slug,
 * `unauthorized` (401) when an anonymous caller is refused, `forbidden` (403) when a signed-in
 * caller is refused by the agent's `access`.
 */
export async function agentFor(context: HttpContext, slug: string, req: FrogbotRequest): Promise<ResolvedAgent> {
  const agent = context.services.agents.get(slug)
  if (!agent) throw new FrogbotError('agent-not-found', `No agent "${slug}".`)
  if (!(await agent.access(req))) {
    if (!req.user) throw new FrogbotError('unauthorized', 'Sign in or send "Authorization: Bearer <token>" to use this agent.')
    throw new FrogbotError('forbidden', `You may not use the agent "${slug}".`)
  }
  return agent
}
