import type { ChatSummary, PendingCall, QueuedMessage, Settlement } from '@frogbotai/protocol'
import type { ChatRead } from '../chat-adapter.ts'

/**
 * What a chat session knows besides its messages (which the AI SDK `Chat` holds):
 * - `loaded` / `loadError`: the first read of the chat;
 * - `summary`: the chat as the server last reported it (`null` until its first message is stored);
 * - `pending`: the calls the server reported waiting; `queued`: messages waiting to start;
 * - `settlements`: who settled each call, by `toolCallId`;
 * - `settledElsewhere`: calls this tab showed waiting that someone else settled first (another
 *   tab, another person, a channel), by `toolCallId`, with their settlement;
 * - `callErrors`: why the server refused the last answer to a call (shown on its card);
 * - `submitting`: calls answered here whose answer is on its way;
 * - `notice`: the last error for a person that belongs to no card;
 * - `unreachable`: the server could not be reached; the session asks again until it answers,
 *   then reloads the chat (one error at a time: this one replaces `notice` while it lasts);
 * - `unsent`: the text of a message that never reached the server, for the composer to give back;
 * - `unsentAnswers`: calls answered here whose answer never reached the server: the card keeps the
 *   answer ("Not sent") and the session sends it again once the server answers;
 * - `failedReply`: the reply failed (the model or its provider): the sentence to show with Retry;
 * - `drafts`: what the person has put on each waiting card so far, by `toolCallId` (the server's
 *   copy, with changes not saved yet on top);
 * - `joining`: the server runs a turn this tab is not streaming (it checks back every second);
 * - `assigneeOnly`: the person reads the chat only because a call in it asks them: they answer
 *   its cards and write nothing else (docs/chat/reach-people.md).
 */
export type ChatSessionSnapshot = {
  loaded: boolean
  loadError: string | null
  summary: ChatSummary | null
  pending: readonly PendingCall[]
  queued: readonly QueuedMessage[]
  settlements: Readonly<Record<string, Settlement>>
  settledElsewhere: Readonly<Record<string, Settlement>>
  callErrors: Readonly<Record<string, string>>
  submitting: readonly string[]
  notice: string | null
  unreachable: boolean
  unsent: string | null
  unsentAnswers: readonly string[]
  failedReply: string | null
  drafts: Readonly<Record<string, unknown>>
  joining: boolean
  assigneeOnly: boolean
}

/** A session's snapshot before its chat is read. */
export const initialSnapshot: ChatSessionSnapshot = {
  loaded: false,
  loadError: null,
  summary: null,
  pending: [],
  queued: [],
  settlements: {},
  settledElsewhere: {},
  callErrors: {},
  submitting: [],
  notice: null,
  unreachable: false,
  unsent: null,
  unsentAnswers: [],
  failedReply: null,
  drafts: {},
  joining: false,
  assigneeOnly: false
}

/** The outcomes a person gives (not FrogBot's cancellations and expiries). */
const BY_A_PERSON = new Set(['answered', 'dismissed', 'approved', 'denied'])

/**
 * The settlements of `settlements` that are news here: calls this tab showed `waiting` that it
 * did not settle itself (`settledHere`), answered, dismissed, approved or denied by someone else.
 */
export function settledElsewhereOf({ waiting, settlements, settledHere }: { waiting: readonly PendingCall[]; settlements: Record<string, Settlement>; settledHere: ReadonlySet<string> }): Record<string, Settlement> {
  const waited = new Set(waiting.map((call) => call.toolCallId))
  return Object.fromEntries(
    Object.values(settlements)
      .filter((settlement) => waited.has(settlement.toolCallId) && !settledHere.has(settlement.toolCallId) && BY_A_PERSON.has(settlement.outcome))
      .map((settlement) => [settlement.toolCallId, settlement])
  )
}

/**
 * What a chat read changes in the snapshot, with `idle` when no request is under way here, and
 * whether to `join` the turn that streams now: a reload during a new reply joins its live stream,
 * which replays the whole message; a continuation's stream holds only the new parts, so it is
 * shown when stored instead (`joining`, checked every second).
 */
export function readChange({ read, previous, idle, settledHere, unsavedDrafts = {} }: { read: ChatRead; previous: ChatSessionSnapshot; idle: boolean; settledHere: ReadonlySet<string>; unsavedDrafts?: Record<string, unknown> }): { change: Partial<ChatSessionSnapshot>; join: boolean } {
  const running = read.chat.state === 'running'
  const join = running && idle && read.messages.at(-1)?.role === 'user'
  const settlements = Object.fromEntries(read.messages.flatMap((message) => message.settlements).map((settlement) => [settlement.toolCallId, settlement]))
  const change: Partial<ChatSessionSnapshot> = {
    loaded: true,
    loadError: null,
    summary: read.chat,
    pending: read.pending,
    queued: read.queued ?? [],
    settlements,
    settledElsewhere: { ...previous.settledElsewhere, ...settledElsewhereOf({ waiting: previous.pending, settlements, settledHere }) },
    submitting: idle ? [] : previous.submitting,
    drafts: draftsOf(read, unsavedDrafts),
    joining: running && idle && !join,
    assigneeOnly: read.assigneeOnly === true
  }
  return { change, join }
}

/** The drafts of the calls `read` says still wait: the server's, with the ones not saved yet from here on top. */
function draftsOf(read: ChatRead, unsaved: Record<string, unknown>): Record<string, unknown> {
  const waiting = new Set(read.pending.map((call) => call.toolCallId))
  const drafts: Record<string, unknown> = {}
  for (const { toolCallId, draft } of read.drafts ?? []) if (waiting.has(toolCallId)) drafts[toolCallId] = draft
  for (const [toolCallId, draft] of Object.entries(unsaved)) if (waiting.has(toolCallId)) drafts[toolCallId] = draft
  return drafts
}
