import type { ChatSummary, PendingCall, SettlementWithPart, TurnResult } from '@frogbotai/protocol'
import type { UIMessageChunk } from 'ai'

/**
 * What the engine tells its listeners (the config's `onAwaitingInput`, the channel pieces), as it
 * happens, in the process where it happened; `chat` is the chat as of the event.
 * - `turn-started`: a turn of `chat` runs (a new message, a queued one, a continuation after an
 *   answer). `replyStream()` returns a copy of the turn's UI message stream for this listener; it
 *   works only while the event is being handled (call it then, or never), and a copy nobody reads
 *   must be cancelled.
 * - `calls-waiting`: the turn stopped at client tool calls, stored as `pending` (the chat is
 *   `awaiting`); `ownerId` is the chat's owner.
 * - `calls-settled`: calls of `chat` ended (answered, dismissed, cancelled, expired), whoever
 *   settled them, each with its stored part.
 * - `turn-ended`: the turn's outcome is stored (`result`), or it failed (`error`).
 * A listener must not throw or wait: the engine logs what it throws and never waits for it.
 */
export type EngineEvent =
  | { type: 'turn-started'; chat: ChatSummary; replyStream: () => ReadableStream<UIMessageChunk> }
  | { type: 'calls-waiting'; chat: ChatSummary; ownerId: string | null; pending: PendingCall[] }
  | { type: 'calls-settled'; chat: ChatSummary; settlements: SettlementWithPart[] }
  | ({ type: 'turn-ended'; chat: ChatSummary } & ({ result: TurnResult } | { error: Error }))

/** What the config's `onAwaitingInput` receives: the chat that now waits, its owner and its pending calls. */
export type AwaitingInputEvent = { chatId: string; agentSlug: string; ownerId: string | null; pending: PendingCall[] }
