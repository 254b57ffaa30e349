import { createUIMessageStream } from 'ai'
import type { QueuedTurn } from '@frogbotai/protocol'
import type { TurnRun, SettleOutcome } from '../contract/turns.ts'
import { uiMessageStreamResponse } from './sse-response.ts'

/** True when the client asked for an AI SDK UI message stream (`Accept: text/event-stream`, or a `useChat` body). */
export function wantsStream(request: Request, body?: { trigger?: string }): boolean {
  return (request.headers.get('accept') ?? '').includes('text/event-stream') || body?.trigger !== undefined
}

/**
 * Answers a turn: as an AI SDK UI message stream (chat id in `X-Frogbot-Chat-Id`), or as JSON once
 * the turn is stored (`status: "complete"` or `"awaiting-input"`), with `extra` fields added.
 */
export async function turnResponse(stream: boolean, chatId: string, run: TurnRun, extra: Record<string, unknown> = {}): Promise<Response> {
  if (stream) {
    run.result.catch(() => {})
    return uiMessageStreamResponse(run.stream, { headers: { 'X-Frogbot-Chat-Id': chatId } })
  }
  void run.stream.cancel().catch(() => {})
  return Response.json({ ...(await run.result), ...extra })
}

/**
 * Answers a queued message (FrogBot's turn rules): JSON `202 { status: "queued", chatId, messageId,
 * delivery: "queue" }`, or a stream of one transient `data-queued` part with the same fields.
 */
export function queuedResponse(stream: boolean, chatId: string, messageId: string): Response {
  const queued: QueuedTurn = { status: 'queued', chatId, messageId, delivery: 'queue' }
  if (!stream) return Response.json(queued, { status: 202, headers: { 'X-Frogbot-Chat-Id': chatId } })
  const parts = createUIMessageStream({ execute: ({ writer }) => writer.write({ type: 'data-queued', data: queued, transient: true }) })
  return uiMessageStreamResponse(parts, { status: 202, headers: { 'X-Frogbot-Chat-Id': chatId } })
}

/** A UI message stream of `messageId` that ends without new parts, so `useChat` settles down. */
function endedStream(chatId: string, messageId: string): Response {
  const ended = createUIMessageStream({
    execute: ({ writer }) => {
      writer.write({ type: 'start', messageId })
      writer.write({ type: 'finish', finishReason: 'stop' })
    }
  })
  return uiMessageStreamResponse(ended, { headers: { 'X-Frogbot-Chat-Id': chatId } })
}

/**
 * Answers an accepted settle: the continuation (streamed or JSON, plus `settlement`), the calls
 * still waiting (`awaiting-input` with `settlement`, or with `vote` after a vote on an approval
 * that needs more people), `status: "complete"` with no text after an answer that ended the turn
 * (`ask_human`'s question), or — after a dismissal — `status: "dismissed"` with the chat's state.
 * As a stream, an answer that continues nothing is a message that ends without new parts.
 */
export async function settleResponse(stream: boolean, outcome: SettleOutcome): Promise<Response> {
  if (outcome.kind === 'continued') return turnResponse(stream, outcome.chatId, outcome.run, { settlement: outcome.settlement })
  if (outcome.kind === 'awaiting-input') {
    return Response.json({ status: 'awaiting-input', chatId: outcome.chatId, pending: outcome.pending, settlement: outcome.settlement })
  }
  if (outcome.kind === 'voted') {
    const messageId = outcome.pending.find((call) => call.toolCallId === outcome.vote.toolCallId)?.messageId ?? ''
    if (stream) return endedStream(outcome.chatId, messageId)
    return Response.json({ status: 'awaiting-input', chatId: outcome.chatId, pending: outcome.pending, vote: outcome.vote })
  }
  if (stream) return endedStream(outcome.chatId, outcome.messageId)
  // An answer that ended the turn (ask_human's question): complete, with no text added.
  if (outcome.kind === 'ended') {
    return Response.json({ status: 'complete', chatId: outcome.chatId, messageId: outcome.messageId, text: '', finishReason: 'stop', usage: {}, settlement: outcome.settlement })
  }
  return Response.json({ status: 'dismissed', chatId: outcome.chatId, messageId: outcome.messageId, state: outcome.state, settlement: outcome.settlement })
}
