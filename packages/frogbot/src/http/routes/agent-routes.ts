import { createUIMessageStreamResponse, type UIMessage } from 'ai'
import { Hono } from 'hono'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { sendMessage } from '../../turns/send-message.ts'
import type { TurnRun } from '../../turns/run-turn.ts'
import { type HttpContext, type HttpEnv, agentFor } from '../http-context.ts'
import { readBody } from '../read-body.ts'
import { RunRequest } from '../wire-schemas.ts'

/** True when the client asked for an AI SDK UI message stream instead of JSON. */
export function wantsStream(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('text/event-stream')
}

/** Answers a turn as JSON (after it is stored) or as a UI message stream, plus `extra` fields. */
export async function turnResponse(request: Request, chatId: string, run: TurnRun, extra: Record<string, unknown> = {}): Promise<Response> {
  if (wantsStream(request)) {
    run.result.catch(() => {})
    return createUIMessageStreamResponse({ stream: run.stream, headers: { 'X-Frogbot-Chat-Id': chatId } })
  }
  void run.stream.cancel().catch(() => {})
  const result = await run.result
  return Response.json({ ...result, ...extra })
}

function newUserMessage(body: RunRequest, newId: (prefix: string) => string): UIMessage {
  if (body.prompt !== undefined) return { id: newId('msg'), role: 'user', parts: [{ type: 'text', text: body.prompt }] }
  const last = body.messages!.at(-1)!
  if (last.role !== 'user') throw new FrogbotError('bad-request', `messages.${body.messages!.length - 1}.role: the last message must be a user message`)
  const index = body.messages!.length - 1
  last.parts.forEach((part, partIndex) => {
    const path = `messages.${index}.parts.${partIndex}`
    if (part.type === 'text' && typeof part.text === 'string') return
    if (part.type === 'file' && typeof part.url === 'string' && typeof part.mediaType === 'string') return
    throw new FrogbotError('bad-request', `${path}: a user message holds only "text" parts ({ type, text }) and "file" parts ({ type, url, mediaType })`)
  })
  return { id: last.id && /^[\w-]{1,128}$/.test(last.id) ? last.id : newId('msg'), role: 'user', parts: last.parts as UIMessage['parts'] }
}

/** `GET /api/agents` and `POST /api/agents/:slug` (SPEC §6). */
export function agentRoutes(context: HttpContext) {
  const app = new Hono<HttpEnv>()

  app.get('/', async (c) => {
    const req = c.get('req')
    const agents = []
    for (const agent of context.services.agents.values()) {
      if (await agent.access(req)) agents.push({ slug: agent.slug, ...(agent.profile ? { profile: agent.profile } : {}) })
    }
    return c.json({ agents })
  })

  app.post('/:slug', async (c) => {
    const req = c.get('req')
    const agent = await agentFor(context, c.req.param('slug'), req)
    const body = await readBody(c.req.raw, RunRequest, context.maxBodyBytes)
    const message = newUserMessage(body, context.services.newId)
    const sent = await sendMessage(context.services, { agent, req, chatId: body.chatId ?? body.id, message })
    if (sent.status === 'queued') return c.json({ status: 'queued', chatId: sent.chatId, messageId: sent.messageId }, 202)
    return turnResponse(c.req.raw, sent.chatId, sent.run)
  })
  return app
}
