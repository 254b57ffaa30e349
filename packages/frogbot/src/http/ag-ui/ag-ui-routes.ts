import { EventType, PROTOCOL_VERSION, type BaseEvent } from '@ag-ui/core'
import { EventEncoder } from '@ag-ui/encoder'
import type { UIMessage } from 'ai'
import type { Context } from 'hono'
import { AgUiRunInput } from './ag-ui-input.ts'
import type { Caller } from '../../contract/caller.ts'
import type { TurnRun } from '../../contract/turns.ts'
import type { ResolvedAgent } from '../../agents/resolve-agents.ts'
import { FrogbotError } from '../../errors/frogbot-error.ts'
import { forCaller, type HttpContext, type HttpEnv } from '../http-context.ts'
import { readBody } from '../read-body.ts'
import { usableAgent } from '../../turns/chat-access.ts'
import { agUiEvents } from './ag-ui-events.ts'
import { interruptsOf, settleInputsOf } from './ag-ui-interrupts.ts'
import { agUiMessages } from './ag-ui-messages.ts'
import { secondOf } from '../resubmission.ts'
import type { z } from 'zod'

/** Whether `part` is an AG-UI content part as FrogBot reads it: an object with a `type`, a text part's `text` a string. */
function isContentPart(part: unknown): boolean {
  if (part === null || typeof part !== 'object' || typeof (part as { type?: unknown }).type !== 'string') return false
  return (part as { type: string }).type !== 'text' || typeof (part as { text?: unknown }).text === 'string'
}

/** `"image"` as `an "image" part`, `"binary"` as `a "binary" part`: the part's type, quoted, with its article. */
function aPartOf(type: string): string {
  return `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${JSON.stringify(type)} part`
}

/** The text of an AG-UI user message's `content`: the string, or its text parts joined. */
function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) return content.map((part) => (part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' ? String((part as { text?: unknown }).text ?? '') : '')).join('')
  return ''
}

/**
 * How a refused new `threadId` says to start a new chat: AG-UI's `threadId` is required, so it
 * cannot be left out as other doors' chat ids can; a new random one starts a chat.
 */
const NEW_THREAD = 'to start a new chat, send a new random one: a UUID does'

type Emit = (event: BaseEvent) => void
type RunIds = { threadId: string; runId: string }

/** What a run ends with: the chat's messages as a snapshot, its state, and `RUN_FINISHED` (success, or an interrupt per pending call). */
async function finishRun(context: HttpContext, { agent, req, ids, emit }: { agent: ResolvedAgent; req: Caller; ids: RunIds; emit: Emit }) {
  const { engine } = context
  const { messages, chat, pending } = await engine.readChat({ chatId: ids.threadId, agentSlug: agent.slug, req })
  emit({ type: EventType.MESSAGES_SNAPSHOT, messages: agUiMessages(messages as unknown as UIMessage[]) } as BaseEvent)
  emit({ type: EventType.STATE_SNAPSHOT, snapshot: { chatId: chat.id, state: chat.state, pending } } as BaseEvent)
  const outcome = pending.length > 0 ? { type: 'interrupt', interrupts: interruptsOf(agent, pending) } : { type: 'success' }
  emit({ type: EventType.RUN_FINISHED, ...ids, outcome } as BaseEvent)
}

/** Streams a turn's chunks as AG-UI events; a failed turn is a `RUN_ERROR` (and the run ends there). */
async function streamTurn(context: HttpContext, run: TurnRun, emit: Emit): Promise<boolean> {
  const toEvents = agUiEvents(context.services.newId)
  const reader = run.stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    for (const event of toEvents(value)) if (event.type !== EventType.RUN_ERROR) emit(event)
  }
  try {
    await run.result
    return true
  } catch (error) {
    emit({ type: EventType.RUN_ERROR, message: error instanceof Error ? error.message : String(error), code: FrogbotError.isInstance(error) ? error.code : undefined } as BaseEvent)
    return false
  }
}

/**
 * The last input message as the user message to send: its text, its id kept when it is one
 * FrogBot takes, and the fields that name it in a refusal. A `content` that is neither text nor a
 * list of content parts, or a part that is not text (an image, a binary), is `bad-request` naming it.
 * Only the last message is read: the earlier ones are the client's copy of the chat, whose history
 * is what FrogBot stored (docs/protocols/ag-ui.md), so their content is neither sent nor checked.
 */
function userMessageOf(context: HttpContext, input: z.output<typeof AgUiRunInput>) {
  const at = input.messages.length - 1
  const last = input.messages[at]
  if (typeof last.content !== 'string' && !Array.isArray(last.content)) {
    throw new FrogbotError('bad-request', `messages.${at}.content: must be text or a list of content parts (AG-UI's UserMessage)`)
  }
  const untexted = Array.isArray(last.content) ? last.content.findIndex((part) => !isContentPart(part)) : -1
  if (untexted !== -1) {
    throw new FrogbotError('bad-request', `messages.${at}.content.${untexted}: must be a content part with a type (a text part's text a string)`)
  }
  // The door sends text only: an image or binary part is refused, never dropped from what was said.
  const other = Array.isArray(last.content) ? last.content.findIndex((part) => part.type !== 'text') : -1
  if (other !== -1) {
    const part = aPartOf(String(last.content[other].type))
    const how = 'this door sends text only (send files with useChat or POST /api/agents/:slug)'
    throw new FrogbotError('bad-request', `messages.${at}.content.${other}: ${part} is not taken; ${how}`)
  }
  const id = /^[\w-]{1,128}$/.test(last.id) ? last.id : context.services.newId('msg')
  const parts: UIMessage['parts'] = [{ type: 'text', text: textOfContent(last.content) }]
  const message: UIMessage = { id, role: 'user', parts }
  return { message, field: `messages.${at}.content`, idField: `messages.${at}.id` }
}

/**
 * The new user message a resume carries (docs/protocols/ag-ui.md, Resume): the last input
 * message when it is a user message whose id names no stored message of the chat (the history
 * AG-UI clients send again has the ids of the run's `MESSAGES_SNAPSHOT`); else `null`.
 */
async function newMessageOfResume(
  context: HttpContext,
  { agent, req, input }: { agent: ResolvedAgent; req: Caller; input: z.output<typeof AgUiRunInput> }
) {
  const last = input.messages.at(-1)
  if (last?.role !== 'user') return null
  const chat = { chatId: input.threadId, agentSlug: agent.slug, req }
  const { messages } = await forCaller(req, context.engine.readChat(chat))
  return messages.some((message) => message.id === last.id) ? null : userMessageOf(context, input)
}

/**
 * `POST /api/agents/:slug/ag-ui` (docs/protocols/ag-ui.md): an AG-UI run of agent `slug` over SSE,
 * signed in like the HTTP API. `threadId` is the FrogBot chat id (a new one starts the chat).
 * Without `resume`, the last input message (a user message) is sent; with `resume`, its entries
 * settle the waiting calls through the one settle door, all together (every open interrupt must
 * be answered: else `409 pending-calls`), and a new user message it carries (see
 * `newMessageOfResume`) is sent after them, as the `useChat` door sends one (docs/http/overview.md):
 * checked before anything settles (a refused message settles nothing), then queued behind the
 * continuation (`frogbot.queued`), or run in this run when the resume ended the step.
 * Refusals before the run starts are FrogBot's JSON errors.
 * `createHttpHandler` routes it here, importing this module on the first AG-UI run: a server no
 * AG-UI client talks to never loads AG-UI's packages.
 */
export async function agUiRun(context: HttpContext, c: Context<HttpEnv>, slug: string): Promise<Response> {
  const { engine } = context
  const req = c.get('req')
  const agent = await usableAgent(context.services, slug, req)
  const input = await readBody(c.req.raw, AgUiRunInput, context.maxBodyBytes)
  const ids = { threadId: input.threadId, runId: input.runId }
  const send = async (next: ReturnType<typeof userMessageOf>) => {
    const chat = { agentSlug: agent.slug, chatId: input.threadId, chatIdField: 'threadId' }
    const options = { ...chat, newChatAdvice: NEW_THREAD, ...next, req }
    const sent = await forCaller(req, engine.sendMessage(options))
    return sent.status === 'started' ? { run: sent.run } : { queued: sent.messageId }
  }
  const runs: { run?: TurnRun; queued?: string }[] = []
  if (input.resume && input.resume.length > 0) {
    const next = await newMessageOfResume(context, { agent, req, input })
    // What would refuse the message (its text, who may write, its id, a full queue) settles nothing.
    if (next) await forCaller(req, engine.refuseUnsendableTo({ chatId: input.threadId, agentSlug: agent.slug, req, ...next }))
    const { pending } = await forCaller(req, engine.pending({ chatId: input.threadId, agentSlug: agent.slug, req }))
    const kinds = new Map(pending.map((call) => [call.toolCallId, call.kind]))
    const interruptIds = input.resume.map((entry) => entry.interruptId)
    // A refused answer names the field the client sent it in (the first entry for the call).
    const outputField = (toolCallId: string) => `resume.${interruptIds.indexOf(toolCallId)}.payload`
    const inputs = settleInputsOf(input.resume, kinds)
    const fieldOf = secondOf(interruptIds, (at) => `resume.${at}.interruptId`)
    const chat = { chatId: input.threadId, agentSlug: agent.slug, req }
    const settling = { ...chat, inputs, wholeStep: true, fieldOf, outputField }
    const outcome = await forCaller(req, engine.settle(settling))
    if (outcome.kind === 'continued') runs.push({ run: outcome.run })
    if (next) runs.push(await send(next))
  } else {
    const last = input.messages.at(-1)
    if (!last) throw new FrogbotError('bad-request', 'messages: holds no message; send a user message, or resume the open interrupts')
    if (last.role !== 'user') throw new FrogbotError('bad-request', `messages.${input.messages.length - 1}.role: the last message must be a user message (or send resume)`)
    runs.push(await send(userMessageOf(context, input)))
  }
  const encoder = new EventEncoder({ accept: c.req.header('accept') })
  const body = new ReadableStream<Uint8Array>({
    start: async (controller) => {
      const bytes = new TextEncoder()
      const emit: Emit = (event) => controller.enqueue(bytes.encode(encoder.encodeSSE(event)))
      emit({ type: EventType.RUN_STARTED, ...ids, protocolVersion: PROTOCOL_VERSION } as BaseEvent)
      let ok = true
      for (const started of runs) {
        const value = { chatId: input.threadId, messageId: started.queued }
        if (started.queued) emit({ type: EventType.CUSTOM, name: 'frogbot.queued', value } as BaseEvent)
        if (started.run && ok) ok = await streamTurn(context, started.run, emit)
        else if (started.run) void started.run.stream.cancel().catch(() => {})
      }
      if (ok) await finishRun(context, { agent, req, ids, emit }).catch((error) => emit({ type: EventType.RUN_ERROR, message: String(error) } as BaseEvent))
      controller.close()
    }
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'x-frogbot-chat-id': input.threadId } })
}
