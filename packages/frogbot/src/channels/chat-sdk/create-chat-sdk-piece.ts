import type { Adapter, Chat, Logger } from 'chat'
import type { ChannelState } from '../../contract/channel-state.ts'
import { createPiece, type KitPiece, type PieceContext, type PieceSession, type PieceSpec } from '../create-piece.ts'
import type { NameOf } from '../piece-notices.ts'
import type { PieceDrawing } from '../runtime/piece-drawing.ts'
import { withinDeadline } from './ack-deadline.ts'
import { afterReady, chatSdkDrawing, type Mention, mentionNameOf } from './chat-sdk-drawing.ts'
import { chatSdkLogger } from './chat-sdk-logger.ts'
import { authorParticipant, handleMessages, type MessageReading, withoutMention } from './chat-sdk-messages.ts'
import { verifiedByKit, verifiedRequest } from './verified-requests.ts'

/**
 * What a Chat SDK piece's `setup` and `listen` get: the piece's context, Chat SDK's `bot` (made
 * with `concurrency: 'concurrent'`: FrogBot serializes each chat's turns itself) and the
 * platform's `adapter`, `ready()` (Chat SDK initialized once, lazily, tried again after a
 * failure), `nameOf`: who settled a call, the platform's way (its mentions), and
 * `deliver(request)`: a request handled in this process as the webhook handles it (the piece's
 * `verify` with the replay guard, `answerDirectly`, `unreadableBody`, then `receive` or the
 * adapter), awaited to its end, without the platform's deadline: what a piece's own listener
 * hands on (Discord's Gateway events); resolves to the answer the webhook would give.
 */
export type ChatSdkContext<A extends Adapter> = PieceContext & { bot: Chat; adapter: A; ready: () => Promise<void>; nameOf: NameOf; deliver: (request: Request) => Promise<Response> }

/**
 * What a Chat SDK piece adds once set up: `drawing` (its cards; `reply` and `notify` default to
 * Chat SDK's, see `chatSdkDrawing`), how it reads messages (`participantOf`: who wrote, by
 * default the author's platform id, user name and email; `textOf`: what they said, by default the
 * text without `@<userName>`; `accountOf`: the workspace, team or bot, default none), how it
 * mentions a participant (`mention`, default Chat SDK's `<@id>`), how many characters of a reply
 * one message carries (`replyMaxChars`: the default `reply` goes on in the next message, cut at a
 * line break near the limit; default: one message, however long), and `onRescan` and `close`
 * (see `PieceSession`). Its own handlers (clicks, forms) it registers on `bot` in `setup`.
 */
export type ChatSdkSetup = {
  drawing: Pick<PieceDrawing, 'drawCall' | 'drawSettled'> & Partial<Pick<PieceDrawing, 'reply' | 'notify' | 'drawPartial' | 'approvals'>>
  replyMaxChars?: number
  participantOf?: MessageReading['participantOf']
  textOf?: MessageReading['textOf']
  accountOf?: MessageReading['accountOf']
  mention?: Mention
  onRescan?: () => void
  close?: () => void | Promise<void>
}

/**
 * A piece on a Chat SDK adapter (see {@link createChatSdkPiece}): the piece's names, identity and
 * reading of replies (as {@link PieceSpec}), plus:
 * - `adapter({ logger, state, log, webhookVerifier })`: the platform's Chat SDK adapter, with Chat
 *   SDK's logger on FrogBot's log, the piece's state, and the kit's `webhookVerifier` (configure the
 *   adapter with it: the signature is checked once, by `verify`; see `verifiedByKit`);
 * - `userName` (default `frogbot`) and `chat`: options of `new Chat` (its streaming edits);
 * - `ackDeadlineMs`: how long the platform waits for an answer (Slack 3000, Discord 3000, Microsoft
 *   Teams 15 000, Linear 5000); `lateAck`: the answer when handling takes longer (default `200`);
 * - `verify(request, context)`: the platform's signature check, with the kit's replay and
 *   freshness guard (`replayGuard`), before anything reads the body: the verified body, or the
 *   refusal (`unauthorized(…)`; log it with `context.refused`);
 * - `answerDirectly(body, request)`: a verified request the piece answers itself, at once or
 *   later, within the deadline as any other (Slack's URL challenge; Teams' invokes on FrogBot's
 *   cards, which Chat SDK answers with an empty body: vercel/chat#731), else `null` (Chat SDK
 *   handles it); `unreadableBody(body, request)`: why a verified body cannot be read (answered
 *   `400 bad-request`), else `null`;
 * - `receive(body, request, context, handOn)`: a piece that reads its verified bodies itself, in
 *   place of the adapter's webhook handling: Telegram's presses and typed answers never reach Chat
 *   SDK; GitHub's comments are read with `receivedMessages`, and Chat SDK is then never initialized
 *   (an adapter's `initialize` may ask the platform who the bot is, unbounded: GitHub's does).
 *   `handOn(body)` gives the adapter a verified body (this one, or one the piece derived from it)
 *   as the kit does by default;
 * - `setup(context)`: the piece's own part ({@link ChatSdkSetup});
 * - `listen(context, { signal })`: its long-running connection, if it has one.
 */
export type ChatSdkPieceSpec<A extends Adapter> = Omit<PieceSpec, 'start' | 'listens'> & {
  adapter: (options: { logger: Logger; state: ChannelState; log: (line: string) => void; webhookVerifier: (request: Request) => boolean }) => A
  userName?: string
  chat?: { streamingUpdateIntervalMs?: number; fallbackStreamingPlaceholderText?: string | null; dedupeTtlMs?: number }
  ackDeadlineMs: number
  lateAck?: () => Response
  verify: (request: Request, context: PieceContext) => Promise<string | Response>
  answerDirectly?: (body: string, request: Request) => Response | null | Promise<Response | null>
  unreadableBody?: (body: string, request: Request) => string | null
  receive?: (body: string, request: Request, context: ChatSdkContext<A>, handOn: (body: string) => Promise<Response>) => Promise<Response>
  setup: (context: ChatSdkContext<A>) => ChatSdkSetup | Promise<ChatSdkSetup>
  listen?: (context: ChatSdkContext<A>, options: { signal: AbortSignal }) => Promise<void>
}

/** Chat SDK initialized once, on first need; a failure is forgotten so that the next need tries again. */
function lazyInitialize(bot: Chat): () => Promise<void> {
  let initialized: Promise<void> | null = null
  return () =>
    (initialized ??= bot.initialize().catch((error: unknown) => {
      initialized = null
      throw error
    }))
}

/** A verified body of `request` handled: answered directly, refused as unreadable, or handed to `receive` or Chat SDK's adapter. */
async function handleVerified<A extends Adapter>(spec: ChatSdkPieceSpec<A>, context: ChatSdkContext<A>, request: Request, body: string): Promise<Response> {
  type Webhooks = Record<string, (request: Request, options: { waitUntil: (task: Promise<unknown>) => void }) => Promise<Response>>
  const handOn = (verified: string) => (context.bot.webhooks as Webhooks)[context.adapter.name](verifiedRequest(request, verified), { waitUntil: (task) => void context.track(Promise.resolve(task)) })
  const direct = await spec.answerDirectly?.(body, request)
  if (direct) return direct
  const unreadable = spec.unreadableBody?.(body, request)
  if (unreadable) return Response.json({ error: unreadable, code: 'bad-request' }, { status: 400 })
  return spec.receive ? spec.receive(body, request, context, handOn) : handOn(body)
}

/** A verified webhook request handed to Chat SDK, answered within the platform's deadline. */
async function handleWebhook<A extends Adapter>(spec: ChatSdkPieceSpec<A>, context: ChatSdkContext<A>, request: Request): Promise<Response> {
  const body = await spec.verify(request, context)
  if (body instanceof Response) return body
  return withinDeadline(handleVerified(spec, context, request, body), { deadlineMs: spec.ackDeadlineMs, lateAck: spec.lateAck, track: context.track, log: context.log })
}

/** A request handled as the webhook handles it, awaited to its end (no deadline): `ChatSdkContext.deliver`. */
async function deliver<A extends Adapter>(spec: ChatSdkPieceSpec<A>, context: ChatSdkContext<A>, request: Request): Promise<Response> {
  const body = await spec.verify(request, context)
  return body instanceof Response ? body : handleVerified(spec, context, request, body)
}

/** Sets a Chat SDK piece up on `context`: its adapter and `Chat`, its own setup, the default message handler and drawing. */
async function startChatSdkPiece<A extends Adapter>(spec: ChatSdkPieceSpec<A>, context: PieceContext): Promise<PieceSession> {
  const userName = spec.userName ?? 'frogbot'
  const logger = chatSdkLogger(context.log)
  const adapter = spec.adapter({ logger, state: context.state, log: context.log, webhookVerifier: verifiedByKit })
  // Loaded here, not at import: a piece without Chat SDK never needs it.
  const { Chat: ChatSdk } = await import('chat')
  const bot = new ChatSdk({ userName, adapters: { [adapter.name]: adapter }, state: context.state as never, logger, concurrency: 'concurrent', ...spec.chat })
  const ready = spec.receive ? async () => {} : lazyInitialize(bot)
  let mention: Mention = ({ userId }) => `<@${userId}>`
  const chat: ChatSdkContext<A> = { ...context, bot, adapter, ready, nameOf: mentionNameOf((participant) => mention(participant)), deliver: (request) => deliver(spec, chat, request) }
  const setup = await spec.setup(chat)
  if (setup.mention) mention = setup.mention
  handleMessages({
    bot,
    runtime: context.runtime,
    reading: { participantOf: setup.participantOf ?? authorParticipant, textOf: setup.textOf ?? withoutMention(userName), accountOf: setup.accountOf ?? (() => null) }
  })
  const drawing = afterReady({ ...chatSdkDrawing({ bot, adapter, mention: (participant) => mention(participant), replyMaxChars: setup.replyMaxChars }), ...setup.drawing }, ready)
  return {
    drawing,
    webhook: (request) => handleWebhook(spec, chat, request),
    ...(spec.listen ? { listen: (options: { signal: AbortSignal }) => spec.listen!(chat, options) } : {}),
    onRescan: setup.onRescan,
    close: async () => {
      await setup.close?.()
      await bot.shutdown()
    }
  }
}

/**
 * Makes a piece of a Chat SDK adapter and the piece's own drawing and reading (the kit's Chat SDK
 * layer, on {@link createPiece}): the lifecycle (`503 unavailable` before start, start again,
 * close with grace), Chat SDK's logger on FrogBot's log, `new Chat({ concurrency: 'concurrent' })`
 * initialized lazily and again after a failure, the platform's request verified first, then
 * answered within its deadline while Chat SDK handles it, rescans for missing cards (at start-up,
 * on a timer, on accepted requests), the refusal log at most once a minute, the default message
 * handler (see `handleMessages`) and the default `reply` and `notify`.
 */
export function createChatSdkPiece<A extends Adapter>(spec: ChatSdkPieceSpec<A>): KitPiece {
  const { adapter: _adapter, userName: _userName, chat: _chat, ackDeadlineMs: _deadline, lateAck: _lateAck, verify: _verify, answerDirectly: _direct, unreadableBody: _unreadable, receive: _receive, setup: _setup, listen, ...piece } = spec
  return createPiece({ ...piece, listens: listen !== undefined, start: (context) => startChatSdkPiece(spec, context) })
}
