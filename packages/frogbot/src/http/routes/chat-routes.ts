import { Hono } from 'hono'
import type { FrogbotRequest } from '../../auth/frogbot-request.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { effectiveState, toPendingCall } from '../../store/chat-records.ts'
import { loadChat } from '../../turns/chat-access.ts'
import { settleCall } from '../../turns/settle-call.ts'
import { type HttpContext, type HttpEnv, agentFor } from '../http-context.ts'
import { readBody } from '../read-body.ts'
import { SettleRequest } from '../wire-schemas.ts'
import { turnResponse } from './agent-routes.ts'

/**
 * Loads a chat for the HTTP caller. An anonymous caller who cannot see the chat gets 401 (sign in),
 * a signed-in one 404, so a foreign chat's existence is never revealed.
 */
async function chatFor(context: HttpContext, req: FrogbotRequest, slug: string, chatId: string) {
  try {
    return await loadChat(context.services.store, { agentSlug: slug, chatId, req })
  } catch (error) {
    if (FrogbotError.isInstance(error) && error.code === 'not-found' && !req.user) {
      throw new FrogbotError('unauthorized', 'Sign in or send "Authorization: Bearer <token>" to open this chat.')
    }
    throw error
  }
}

/** `/api/agents/:slug/chats/:chatId` and its `pending` and `settle` endpoints (seed: "Answer over HTTP"). */
export function chatRoutes(context: HttpContext) {
  const app = new Hono<HttpEnv>()

  app.get('/:slug/chats/:chatId', async (c) => {
    const req = c.get('req')
    const agent = await agentFor(context, c.req.param('slug'), req)
    const chat = await chatFor(context, req, agent.slug, c.req.param('chatId'))
    const { store } = context.services
    const [messages, pending] = await Promise.all([store.getMessages(chat.id), store.getPendingCalls(chat.id)])
    return c.json({
      chat: { id: chat.id, agentSlug: chat.agentSlug, title: chat.title, state: effectiveState(chat, context.services.now()), createdAt: chat.createdAt, updatedAt: chat.updatedAt },
      messages,
      pending: pending.map(toPendingCall)
    })
  })

  app.get('/:slug/chats/:chatId/pending', async (c) => {
    const req = c.get('req')
    const agent = await agentFor(context, c.req.param('slug'), req)
    const chat = await chatFor(context, req, agent.slug, c.req.param('chatId'))
    const pending = await context.services.store.getPendingCalls(chat.id)
    return c.json({ chatId: chat.id, state: effectiveState(chat, context.services.now()), pending: pending.map(toPendingCall) })
  })

  app.post('/:slug/chats/:chatId/settle', async (c) => {
    const req = c.get('req')
    const agent = await agentFor(context, c.req.param('slug'), req)
    const body = await readBody(c.req.raw, SettleRequest, context.maxBodyBytes)
    const chat = await chatFor(context, req, agent.slug, c.req.param('chatId'))
    const input = body.dismissed ? { toolCallId: body.toolCallId, dismissed: true as const, reason: body.reason } : { toolCallId: body.toolCallId, output: body.output }
    const outcome = await settleCall(context.services, { agent, chatId: chat.id, req, input })
    if (outcome.kind === 'continued') return turnResponse(c.req.raw, chat.id, outcome.run, { settlement: outcome.settlement })
    if (outcome.kind === 'awaiting-input') {
      return c.json({ status: 'awaiting-input', chatId: chat.id, pending: outcome.pending, settlement: outcome.settlement })
    }
    return c.json({ status: 'dismissed', chatId: chat.id, messageId: outcome.messageId, state: 'idle', settlement: outcome.settlement })
  })
  return app
}
