import { z } from 'zod'
import { type Context, Hono } from 'hono'
import type { SettleInput } from '../../contract/turns.ts'
import { BranchRequest, ChatListQuery, DraftRequest, EditRequest, EmptyRequest, SettleRequest, StopRequest } from '@frogbotai/protocol'
import { chatFor, usableAgent } from '../../turns/chat-access.ts'
import { forCaller, type HttpContext, type HttpEnv } from '../http-context.ts'
import { queryOf } from '../query-params.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { SIGN_IN_FOR_CHAT_LIST } from '../../turns/views/read-chat.ts'
import { readBody } from '../read-body.ts'
import { settleResponse, turnResponse, wantsStream } from '../turn-responses.ts'
import { uiMessageStreamResponse } from '../sse-response.ts'

/**
 * The chat list query (`limit`, `cursor`), each given once, of a caller who is signed in: throws
 * `unauthorized` (401) for a caller nobody signed in, before any parameter is read, then
 * `bad-request` naming the parameter.
 */
const listQuery = (c: Context<HttpEnv>) => {
  if (!c.get('req').user) throw new FrogbotError('unauthorized', SIGN_IN_FOR_CHAT_LIST)
  return queryOf(c, ChatListQuery)
}

/**
 * The rename body as sent: `{ title }`, a string. Its length and visibility rules
 * (`RenameRequest`) are checked by `renameChat` once control and bidi characters are cleaned out,
 * so that a title of 80 characters plus one it strips is taken.
 */
const RenameBody = z.strictObject({ title: z.string() })

/**
 * `/api/agents/:slug/chats…` (list, read, rename, delete, pending, settle, stop, edit, queued
 * messages, branch, join a live turn) and `/api/chats` (the caller's chats of every agent). Each route parses its
 * input, calls one engine function as the caller, and answers.
 */
export function chatRoutes(context: HttpContext) {
  const app = new Hono<HttpEnv>()
  const { engine, services } = context
  /** The caller, after the agent of the path (404 `agent-not-found`, 401, 403) and before the body. */
  const caller = async (c: Context<HttpEnv>) => {
    const req = c.get('req')
    const agent = await usableAgent(services, c.req.param('slug')!, req)
    return { req, agentSlug: agent.slug, chatId: c.req.param('chatId')! }
  }

  app.get('/agents/:slug/chats', async (c) => {
    const { req, agentSlug } = await caller(c)
    const query = listQuery(c)
    return c.json(await engine.listChats({ req, agentSlug, limit: query.limit, cursor: query.cursor }))
  })

  app.get('/chats', async (c) => {
    const query = listQuery(c)
    return c.json(await engine.listChats({ req: c.get('req'), limit: query.limit, cursor: query.cursor }))
  })

  app.get('/agents/:slug/chats/:chatId', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    return c.json(await forCaller(req, engine.readChat({ chatId, agentSlug, req })))
  })

  app.patch('/agents/:slug/chats/:chatId', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    // The title's rules (RenameRequest) hold once it is cleaned: renameChat checks them then.
    const body = await readBody(c.req.raw, RenameBody, context.maxBodyBytes)
    return c.json({ chat: await forCaller(req, engine.renameChat({ chatId, agentSlug, title: body.title, req })) })
  })

  app.delete('/agents/:slug/chats/:chatId', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    await readBody(c.req.raw, EmptyRequest, context.maxBodyBytes)
    await forCaller(req, engine.deleteChat({ chatId, agentSlug, req }))
    return new Response(null, { status: 204 })
  })

  app.get('/agents/:slug/chats/:chatId/pending', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    return c.json(await forCaller(req, engine.pending({ chatId, agentSlug, req })))
  })

  // The draft of a waiting call's card: kept with the call, never an answer (docs/http/overview.md: the draft of a card).
  const draftTarget = async (c: Context<HttpEnv>) => ({ ...(await caller(c)), toolCallId: c.req.param('toolCallId')! })
  app.get('/agents/:slug/chats/:chatId/pending/:toolCallId/draft', async (c) => {
    const target = await draftTarget(c)
    return c.json(await forCaller(target.req, engine.readDraft(target)))
  })
  app.put('/agents/:slug/chats/:chatId/pending/:toolCallId/draft', async (c) => {
    const target = await draftTarget(c)
    const body = await readBody(c.req.raw, DraftRequest, context.maxBodyBytes)
    return c.json(await forCaller(target.req, engine.saveDraft({ ...target, draft: body.draft })))
  })
  app.delete('/agents/:slug/chats/:chatId/pending/:toolCallId/draft', async (c) => {
    const target = await draftTarget(c)
    await readBody(c.req.raw, EmptyRequest, context.maxBodyBytes)
    await forCaller(target.req, engine.deleteDraft(target))
    return new Response(null, { status: 204 })
  })

  const join = async (c: Context<HttpEnv>) => {
    const { req, agentSlug, chatId } = await caller(c)
    const { chat } = await forCaller(req, chatFor(services, { chatId, agentSlug, req, write: false, assignee: 'read' }))
    const live = await services.live.join(chat.id)
    if (!live) return new Response(null, { status: 204 })
    return uiMessageStreamResponse(live, { headers: { 'X-Frogbot-Chat-Id': chat.id } })
  }
  app.get('/agents/:slug/chats/:chatId/stream', join)
  // `DefaultChatTransport` reconnects to `${api}/${chatId}/stream`.
  app.get('/agents/:slug/:chatId/stream', join)

  app.post('/agents/:slug/chats/:chatId/settle', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    const body = await readBody(c.req.raw, SettleRequest, context.maxBodyBytes)
    const { toolCallId, reason } = body
    const input: SettleInput = body.dismissed
      ? { toolCallId, dismissed: true, reason }
      : body.approved === true
        ? { toolCallId, approved: true, input: body.input, reason }
        : body.approved === false
          ? { toolCallId, approved: false, reason }
          : { toolCallId, output: body.output }
    return settleResponse(wantsStream(c.req.raw), await forCaller(req, engine.settle({ chatId, agentSlug, inputs: [input], req })))
  })

  app.post('/agents/:slug/chats/:chatId/stop', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    const { messageId } = await readBody(c.req.raw, StopRequest, context.maxBodyBytes)
    const stopped = await forCaller(req, engine.stop({ chatId, agentSlug, req, messageId }))
    return c.json({ chatId, stopped })
  })

  app.put('/agents/:slug/chats/:chatId/messages/:messageId', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    const body = await readBody(c.req.raw, EditRequest, context.maxBodyBytes)
    const edited = await forCaller(req, engine.editMessage({ chatId, agentSlug, messageId: c.req.param('messageId'), parts: [{ type: 'text', text: body.text }], req }))
    return turnResponse(wantsStream(c.req.raw), edited.chatId, edited.run)
  })

  app.patch('/agents/:slug/chats/:chatId/messages/:messageId', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    const body = await readBody(c.req.raw, EditRequest, context.maxBodyBytes)
    return c.json(await forCaller(req, engine.changeQueued({ chatId, agentSlug, messageId: c.req.param('messageId'), text: body.text, req })))
  })

  app.delete('/agents/:slug/chats/:chatId/messages/:messageId', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    await readBody(c.req.raw, EmptyRequest, context.maxBodyBytes)
    await forCaller(req, engine.changeQueued({ chatId, agentSlug, messageId: c.req.param('messageId'), req }))
    return new Response(null, { status: 204 })
  })

  app.post('/agents/:slug/chats/:chatId/branch', async (c) => {
    const { req, agentSlug, chatId } = await caller(c)
    const body = await readBody(c.req.raw, BranchRequest, context.maxBodyBytes)
    return c.json({ chat: await forCaller(req, engine.branch({ chatId, agentSlug, messageId: body.messageId, req })) }, 201)
  })
  return app
}
