import { createUIMessageStreamResponse } from 'ai'
import { Hono } from 'hono'
import type { FrogbotRequest } from '../../auth/frogbot-request.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { toPendingCall } from '../../store/chat-records.ts'
import { branchChat } from '../../turns/branch-chat.ts'
import { loadChat } from '../../turns/chat-access.ts'
import { editMessage } from '../../turns/edit-message.ts'
import { settleCall } from '../../turns/settle-call.ts'
import { stopTurn } from '../../turns/stop-turn.ts'
import { type HttpContext, type HttpEnv, agentFor } from '../http-context.ts'
import { readBody } from '../read-body.ts'
import { chatSummary, settleResponse, turnResponse, wantsStream } from '../turn-responses.ts'
import { BranchRequest, ChatListQuery, EditRequest, SettleRequest, StopRequest } from '../wire-schemas.ts'

/**
 * Loads a chat for the HTTP caller. An anonymous caller who cannot see the chat gets 401 (sign in),
 * a signed-in one 404, so a foreign chat's existence is never revealed.
 */
export async function chatFor(context: HttpContext, req: FrogbotRequest, slug: string, chatId: string) {
  try {
    return await loadChat(context.services.store, { agentSlug: slug, chatId, req })
  } catch (error) {
    if (FrogbotError.isInstance(error) && error.code === 'not-found' && !req.user) {
      throw new FrogbotError('unauthorized', 'Sign in or send "Authorization: Bearer <token>" to open this chat.')
    }
    throw error
  }
}

/** `/api/agents/:slug/chats…`: list, read, pending, settle, stop, edit, branch and join a live turn. */
export function chatRoutes(context: HttpContext) {
  const app = new Hono<HttpEnv>()
  const { services } = context
  const open = async (c: { get: (key: 'req') => FrogbotRequest; req: { param: (name: string) => string } }) => {
    const req = c.get('req')
    const agent = await agentFor(context, c.req.param('slug'), req)
    return { req, agent, chat: await chatFor(context, req, agent.slug, c.req.param('chatId')) }
  }

  app.get('/:slug/chats', async (c) => {
    const req = c.get('req')
    const agent = await agentFor(context, c.req.param('slug'), req)
    if (!req.user) throw new FrogbotError('unauthorized', 'Sign in to list your chats; an owner-less chat is opened by its id.')
    const repeated = Object.entries(c.req.queries()).find(([, values]) => values.length > 1)
    if (repeated) throw new FrogbotError('bad-request', `${repeated[0]}: give it once`)
    const query = ChatListQuery.safeParse(c.req.query())
    if (!query.success) {
      const issue = query.error.issues[0]
      const message = issue.code === 'unrecognized_keys' ? `unknown parameter ${issue.keys.join(', ')}` : issue.code === 'invalid_type' ? 'must be a whole number from 1 to 100' : issue.message
      throw new FrogbotError('bad-request', `${issue.path.join('.') || 'query'}: ${message}`)
    }
    const page = await services.store.listChats({ agentSlug: agent.slug, ownerId: req.user.id, limit: query.data.limit, before: query.data.cursor })
    return c.json({ chats: page.chats.map((chat) => chatSummary(chat, services.now())), nextCursor: page.nextCursor })
  })

  app.get('/:slug/chats/:chatId', async (c) => {
    const { chat } = await open(c)
    const [messages, pending] = await Promise.all([services.store.getMessages(chat.id), services.store.getPendingCalls(chat.id)])
    return c.json({ chat: chatSummary(chat, services.now()), messages, pending: pending.map(toPendingCall) })
  })

  app.get('/:slug/chats/:chatId/pending', async (c) => {
    const { chat } = await open(c)
    const pending = await services.store.getPendingCalls(chat.id)
    return c.json({ chatId: chat.id, state: chatSummary(chat, services.now()).state, pending: pending.map(toPendingCall) })
  })

  const join = async (c: Parameters<typeof open>[0]) => {
    const { chat } = await open(c)
    const live = await services.live?.join(chat.id)
    if (!live) return new Response(null, { status: 204 })
    return createUIMessageStreamResponse({ stream: live, headers: { 'X-Frogbot-Chat-Id': chat.id } })
  }
  app.get('/:slug/chats/:chatId/stream', join)
  app.get('/:slug/:chatId/stream', join)

  app.post('/:slug/chats/:chatId/settle', async (c) => {
    const req = c.get('req')
    const agent = await agentFor(context, c.req.param('slug'), req)
    const body = await readBody(c.req.raw, SettleRequest, context.maxBodyBytes)
    const chat = await chatFor(context, req, agent.slug, c.req.param('chatId'))
    const input = body.dismissed ? { toolCallId: body.toolCallId, dismissed: true as const, reason: body.reason } : { toolCallId: body.toolCallId, output: body.output }
    return settleResponse(wantsStream(c.req.raw), await settleCall(services, { agent, chatId: chat.id, req, input }))
  })

  app.post('/:slug/chats/:chatId/stop', async (c) => {
    const { req, agent, chat } = await open(c)
    await readBody(c.req.raw, StopRequest, context.maxBodyBytes)
    const stopped = await stopTurn(services, { agent, chatId: chat.id, req })
    return c.json({ chatId: chat.id, stopped })
  })

  app.put('/:slug/chats/:chatId/messages/:messageId', async (c) => {
    const { req, agent, chat } = await open(c)
    const body = await readBody(c.req.raw, EditRequest, context.maxBodyBytes)
    const edited = await editMessage(services, { agent, chatId: chat.id, req, messageId: c.req.param('messageId'), parts: [{ type: 'text', text: body.text }] })
    return turnResponse(wantsStream(c.req.raw), edited.chatId, edited.run)
  })

  app.post('/:slug/chats/:chatId/branch', async (c) => {
    const { req, agent, chat } = await open(c)
    const body = await readBody(c.req.raw, BranchRequest, context.maxBodyBytes)
    const branch = await branchChat(services, { agent, chatId: chat.id, req, messageId: body.messageId })
    return c.json({ chat: chatSummary(branch, services.now()) }, 201)
  })
  return app
}
