import type { MiddlewareHandler } from 'hono'
import { FrogbotError } from '../errors/frogbot-error.ts'
import { checkChat } from '../turns/chat-access.ts'
import type { TurnServices } from '../turns/services.ts'
import { forCaller, type HttpEnv } from './http-context.ts'
import { matchedRoute } from './matched-route.ts'
import { bodyText } from './read-body.ts'

/** The refusals of a request's input (its body, its query): `400` (with or without a code) and `413`. */
const INPUT_REFUSALS = new Set(['bad-request', 'invalid-output', 'invalid-input', 'payload-too-large'])

/**
 * Where the chat of a route is named: its path (`:chatId`), or fields of its body, the first that is
 * a string (`chatId`, then `id`, for `POST /api/agents/:slug`; `threadId` for AG-UI). A chat the
 * body names may not exist yet (the message starts it); one the path names must.
 */
export type ChatNamedIn = { path: true } | { body: string[] }

/**
 * Middleware for the routes of one chat (docs/http/errors.md, "Which refusal comes first"): when
 * the route refuses the request's input (`400`, `413`: its body, its query, a part of its message),
 * a caller who may not see the chat it names is told that instead, as if the chat had been checked
 * first: an anonymous caller `401`, a signed-in one `404` (`forCaller`), an assignee of the chat's
 * calls being one who may see it. So a bad body to someone else's chat, on an agent anyone may use,
 * never answers `400` before the `401`/`404` its chat gives.
 *
 * The chat is read only on that refusal, never on an accepted request, so the route's own checks
 * (`checkChat` in the engine, under its transaction where it writes) stay the only ones that decide
 * what is stored: nothing is read twice on the way to a write, and no answer depends on a read
 * the write does not repeat. What the refusal reads (the chat's owner, agent and home) never
 * changes once the chat exists; a chat deleted meanwhile is `404` either way. A route that stored
 * something before refusing its input was a route the caller could see, so its `400` stands.
 */
export function chatBeforeBody(
  services: Pick<TurnServices, 'store' | 'agents' | 'pieces'>,
  named: ChatNamedIn
): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const slug = c.req.param('slug')
    const pathChatId = 'path' in named ? c.req.param('chatId') : undefined
    await next()
    const refused = c.error
    if (!FrogbotError.isInstance(refused) || !INPUT_REFUSALS.has(refused.code)) return
    if (!slug || !matchedRoute(c)) return
    const fromBody = 'body' in named ? named.body.map((field) => bodyText(c.req.raw, field)) : []
    const chatId = pathChatId ?? fromBody.find((id) => id !== undefined)
    if (chatId === undefined) return
    const req = c.get('req')
    const chat = await services.store.getChat(chatId).catch(() => undefined)
    // A chat the body names that does not exist is the one the message starts: its input's refusal stands.
    if (chat === undefined || (chat === null && 'body' in named)) return
    const sees = checkChat(services, { chat, chatId, agentSlug: slug, req, write: false, assignee: 'read' })
    const seen = await forCaller(req, sees).then(
      () => null,
      (error: unknown) => (FrogbotError.isInstance(error) ? error : null)
    )
    if (seen) throw seen
  }
}
