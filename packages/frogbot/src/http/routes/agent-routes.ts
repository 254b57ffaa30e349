import type { UIMessage } from 'ai'
import { Hono } from 'hono'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { editMessage } from '../../turns/edit-message.ts'
import { sendMessage } from '../../turns/send-message.ts'
import { settleResubmission } from '../../turns/settle-resubmission.ts'
import { type HttpContext, type HttpEnv, agentFor } from '../http-context.ts'
import { readBody } from '../read-body.ts'
import { userParts } from '../user-message-parts.ts'
import { settleResponse, turnResponse, wantsStream } from '../turn-responses.ts'
import { RunRequest } from '../wire-schemas.ts'

/** `GET /api/agents` and `POST /api/agents/:slug` (SPEC §6), including the bodies `useChat` sends. */
export function agentRoutes(context: HttpContext) {
  const app = new Hono<HttpEnv>()
  const { services } = context

  app.get('/', async (c) => {
    const req = c.get('req')
    const agents = []
    for (const agent of services.agents.values()) {
      if (await agent.access(req)) agents.push({ slug: agent.slug, ...(agent.profile ? { profile: agent.profile } : {}) })
    }
    return c.json({ agents })
  })

  app.post('/:slug', async (c) => {
    const req = c.get('req')
    const agent = await agentFor(context, c.req.param('slug'), req)
    const body = await readBody(c.req.raw, RunRequest, context.maxBodyBytes)
    const stream = wantsStream(c.req.raw, body)
    const chatId = body.chatId ?? body.id
    const last = body.messages?.at(-1)
    const lastIndex = (body.messages?.length ?? 1) - 1

    // useChat resubmits after addToolOutput: the last message is the assistant message with outputs.
    if (last?.role === 'assistant') {
      if (!chatId) throw new FrogbotError('bad-request', 'id: the chat id is required to settle tool outputs')
      const outcome = await settleResubmission(services, { agent, chatId, req, message: last as unknown as UIMessage })
      return settleResponse(stream, outcome)
    }
    if (last?.role === 'system') throw new FrogbotError('bad-request', `messages.${lastIndex}.role: the last message must be a user message`)

    const existing = chatId ? await services.store.getChat(chatId) : null
    if (existing && body.trigger === 'regenerate-message') {
      const messages = await services.store.getMessages(existing.id)
      const lastUser = messages.findLast((message) => message.role === 'user')
      if (!lastUser) throw new FrogbotError('bad-request', 'messages: there is no user message to regenerate from')
      const edited = await editMessage(services, { agent, chatId: existing.id, req, messageId: lastUser.id })
      return turnResponse(stream, edited.chatId, edited.run)
    }
    if (existing && body.messageId && last) {
      const target = await services.store.getMessage(existing.id, body.messageId)
      if (target?.role === 'user') {
        const edited = await editMessage(services, { agent, chatId: existing.id, req, messageId: target.id, parts: await userParts(last.parts, `messages.${lastIndex}.parts`, agent) })
        return turnResponse(stream, edited.chatId, edited.run)
      }
    }

    const parts: UIMessage['parts'] = body.prompt !== undefined ? [{ type: 'text', text: body.prompt }] : await userParts(last!.parts, `messages.${lastIndex}.parts`, agent)
    const id = last?.id && /^[\w-]{1,128}$/.test(last.id) ? last.id : services.newId('msg')
    const sent = await sendMessage(services, { agent, req, chatId, message: { id, role: 'user', parts } })
    if (sent.status === 'queued') return c.json({ status: 'queued', chatId: sent.chatId, messageId: sent.messageId }, 202)
    return turnResponse(stream, sent.chatId, sent.run)
  })
  return app
}
