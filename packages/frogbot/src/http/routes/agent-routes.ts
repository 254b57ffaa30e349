import type { UIMessage } from 'ai'
import { Hono } from 'hono'
import { agentSummary } from '../../agents/agent-summary.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { RunRequest } from '@frogbotai/protocol'
import { usableAgent } from '../../turns/chat-access.ts'
import { forCaller, type HttpContext, type HttpEnv } from '../http-context.ts'
import { readBody } from '../read-body.ts'
import { answersBeforeMessage, resubmittedStep } from '../resubmitted-step.ts'
import { outputFieldOf, secondOf } from '../resubmission.ts'
import { queuedResponse, settleResponse, turnResponse, wantsStream } from '../turn-responses.ts'
import { userParts } from '../user-message-parts.ts'
import { clipText } from '../../text/clip-text.ts'

/** `GET /api/agents` and `POST /api/agents/:slug` (docs/http/overview.md), including the bodies `useChat` sends. */
export function agentRoutes(context: HttpContext) {
  const app = new Hono<HttpEnv>()
  const { engine, services } = context

  app.get('/', async (c) => {
    const req = c.get('req')
    const agents = []
    for (const agent of services.agents.values()) if (await agent.access(req)) agents.push(agentSummary(agent))
    return c.json({ agents })
  })

  app.post('/:slug', async (c) => {
    const req = c.get('req')
    const agent = await usableAgent(services, c.req.param('slug'), req)
    const body = await readBody(c.req.raw, RunRequest, context.maxBodyBytes)
    const stream = wantsStream(c.req.raw, body)
    const chatId = body.chatId ?? body.id
    const last = body.messages?.at(-1)
    const lastIndex = (body.messages?.length ?? 1) - 1

    // useChat resubmits after addToolOutput: the last message is the assistant message with outputs.
    if (last?.role === 'assistant') {
      if (!chatId) throw new FrogbotError('bad-request', 'id: the chat id is required to settle tool outputs')
      const { state, inputs } = await resubmittedStep(engine, { chatId, agent, req }, last as unknown as UIMessage, lastIndex)
      if (inputs.length === 0) {
        if (state === 'running') throw new FrogbotError('turn-in-progress', 'Another request already continued this turn; join it with GET .../chats/:chatId/stream, or reload the chat.')
        throw new FrogbotError('bad-request', `messages.${lastIndex}: the last assistant message carries no client tool output or approval response to settle`)
      }
      const outputField = outputFieldOf(last as unknown as UIMessage, lastIndex)
      const answered = { chatId, agentSlug: agent.slug, inputs, req, wholeStep: true, outputField }
      const callIds = last.parts.map((part) => (part as { toolCallId?: string }).toolCallId)
      const stepStart = last.parts.findLastIndex((part) => part.type === 'step-start') + 1
      const fieldOf = secondOf(callIds, (at) => `messages.${lastIndex}.parts.${at}`, stepStart)
      return settleResponse(stream, await forCaller(req, engine.settle({ ...answered, fieldOf })))
    }
    if (last?.role === 'system') throw new FrogbotError('bad-request', `messages.${lastIndex}.role: the last message must be a user message`)

    if (body.trigger === 'regenerate-message') {
      const needsChat = 'trigger: "regenerate-message" re-runs the last reply of a chat: ' +
        "send the chat's id (id or chatId)"
      if (!chatId) throw new FrogbotError('bad-request', needsChat)
      const { messages } = await forCaller(req, engine.readChat({ chatId, agentSlug: agent.slug, req }))
      const lastUser = messages.findLast((message) => message.role === 'user')
      if (!lastUser) throw new FrogbotError('bad-request', 'messages: there is no user message to regenerate from')
      if (body.messageId !== undefined) refuseStaleReply(messages, lastUser.id, body.messageId)
      const edited = await engine.editMessage({ chatId, agentSlug: agent.slug, messageId: lastUser.id, req })
      return turnResponse(stream, edited.chatId, edited.run)
    }
    // useChat's sendMessage({ text, messageId }) edits that stored user message; it never names a new one.
    if (body.messageId !== undefined) {
      if (!chatId || !last) throw new FrogbotError('bad-request', 'messageId: edits a user message of a chat: send it with the chat\'s id and messages')
      const { messages } = await forCaller(req, engine.readChat({ chatId, agentSlug: agent.slug, req }))
      if (!messages.some((message) => message.id === body.messageId && message.role === 'user')) {
        throw new FrogbotError('bad-request', `messageId: no user message ${JSON.stringify(clipText(body.messageId, 80))} in this chat to edit; leave messageId out to send a new message`)
      }
      const field = `messages.${lastIndex}.parts`
      const parts = await userParts(last.parts, field, agent)
      const edited = await engine.editMessage({ chatId, agentSlug: agent.slug, messageId: body.messageId, parts, req, field })
      return turnResponse(stream, edited.chatId, edited.run)
    }

    const field = body.prompt !== undefined ? 'prompt' : `messages.${lastIndex}.parts`
    const parts: UIMessage['parts'] = body.prompt !== undefined ? [{ type: 'text', text: body.prompt }] : await userParts(last!.parts, field, agent)
    const id = last?.id && /^[\w-]{1,128}$/.test(last.id) ? last.id : services.newId('msg')
    // An answer the browser gave before this message (addToolOutput without sendAutomaticallyWhen)
    // settles first; the message then queues behind the continuation, or starts after a dismissal.
    const previous = body.messages?.at(-2)
    if (chatId && previous?.role === 'assistant') {
      const answers = await answersBeforeMessage(engine, { chatId, agent, req }, previous as unknown as UIMessage, lastIndex - 1)
      if (answers.length > 0) {
        // The message is checked before the answer it carries settles (its text, who may write, its
        // id, a full queue): a refusal settles nothing. Without an answer, sendMessage checks it.
        const message: UIMessage = { id, role: 'user', parts }
        await forCaller(req, engine.refuseUnsendableTo({ chatId, agentSlug: agent.slug, message, req, field, idField: `messages.${lastIndex}.id` }))
        const outputField = outputFieldOf(previous as unknown as UIMessage, lastIndex - 1)
        const options = { chatId, agentSlug: agent.slug, inputs: answers, req, outputField }
        const settled = await forCaller(req, engine.settle(options))
        if (settled.kind === 'continued') void settled.run.stream.cancel().catch(() => {})
      }
    }

    const sent = await forCaller(req, engine.sendMessage({ agentSlug: agent.slug, chatId, message: { id, role: 'user', parts }, req, field, idField: `messages.${lastIndex}.id`, chatIdField: body.chatId !== undefined ? 'chatId' : 'id' }))
    if (sent.status === 'queued') return queuedResponse(stream, sent.chatId, sent.messageId)
    return turnResponse(stream, sent.chatId, sent.run)
  })
  return app
}

/**
 * Refuses a regenerate whose `messageId` (useChat's `regenerate({ messageId })`) is not the last
 * reply of the chat: the last user message or a message after it. `bad-request` naming `messageId`:
 * a message that is no longer the last (the chat changed since the client read it) or none of
 * the chat.
 */
function refuseStaleReply(messages: readonly { id: string }[], lastUserId: string, messageId: string): void {
  const at = messages.findIndex((message) => message.id === messageId)
  const named = JSON.stringify(clipText(messageId, 80))
  if (at === -1) {
    const rule = 'regenerate re-runs the last reply'
    throw new FrogbotError('bad-request', `messageId: no message ${named} in this chat; ${rule}`)
  }
  if (at < messages.findIndex((message) => message.id === lastUserId)) {
    const rule = 'regenerate re-runs only the last reply (reload the chat: it changed)'
    throw new FrogbotError('bad-request', `messageId: ${named} is not the last reply of this chat; ${rule}`)
  }
}
