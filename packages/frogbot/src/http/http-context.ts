import type { Caller } from '../contract/caller.ts'
import type { Auth } from '../auth/create-auth.ts'
import { FrogbotError } from '../errors/frogbot-error.ts'
import type { Engine } from '../turns/engine.ts'
import type { TurnServices } from '../turns/services.ts'

/** Hono variables of a FrogBot route: `req`, the authenticated caller. */
export type HttpEnv = { Variables: { req: Caller } }

/** What the HTTP routes need from a FrogBot instance: the engine (and its services), and its sign-in. */
export type HttpContext = {
  engine: Engine
  services: TurnServices
  /** The instance's sign-in (`createAuth`); routes never reach the database themselves. */
  auth: Auth
  /** `serverURL` from the config: the app's public origin, for cookies and the cross-site check. */
  serverURL?: string
  maxBodyBytes: number
  log: (line: string) => void
}

/**
 * Runs an engine call for an HTTP caller: an anonymous caller who cannot see a chat is told to
 * sign in (401) rather than "not found", so a signed-in owner knows what to do; a signed-in caller
 * gets 404, never learning whether another user's chat exists. A missing chat is told by the
 * error's `data.resource`, never by its message.
 */
export async function forCaller<T>(req: Caller, work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (FrogbotError.isInstance(error) && error.code === 'not-found' && error.data?.resource === 'chat' && !req.user) {
      throw new FrogbotError('unauthorized', 'Sign in or send "Authorization: Bearer <token>" to open this chat.')
    }
    throw error
  }
}
