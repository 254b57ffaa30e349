import type { ChatSummary, PendingCall, SettlementWithPart } from '@frogbotai/protocol'
import type { UIMessage } from 'ai'
import type { User } from './caller.ts'
import type { ChannelState } from './channel-state.ts'
import type { EngineEvent } from './engine-events.ts'
import type { Participant } from './participant.ts'
import type { ChatRead, SendResult, SettleInput, SettleOutcome } from './turns.ts'

/**
 * How a piece's participants are identified (the piece's property, FrogBot's "who can answer"):
 * - `by: 'email'`: the platform shares emails (Slack, Microsoft Teams, Linear): a participant with
 *   the email of a FrogBot user is that user (`req.user`), and the default `access` lets any
 *   FrogBot user in;
 * - `by: 'platform-id'`: the platform has no email for FrogBot (Discord, Telegram, GitHub): a
 *   participant is their platform id only (`req.user` is `null`, `req.channel.userId` tells them
 *   apart), so the agent's `access` must say whom to accept, or nobody can answer there.
 * `hint`: what lets a refused participant in on this platform, for the log (by email: what the
 * platform needs to share emails; by platform id: how to write `access` for it).
 * `lookupProblem(participant)`: why the piece's latest lookup of that participant on the platform
 * failed, or `null` when it did not: then a participant without an email is told FrogBot could
 * not check who they are right now (not that their email is not shared), and the log says what
 * failed. `credentials`: what to check when the platform refused the piece's credentials (the
 * setting that holds them, e.g. `SLACK_BOT_TOKEN`), for that log line.
 */
export type ParticipantIdentity = {
  by: 'email' | 'platform-id'
  hint?: string
  credentials?: string
  lookupProblem?: (participant: Participant) => LookupProblem | null
}

/**
 * Why a piece could not look a participant up on its platform: `refused`, the platform refused
 * the piece's credentials (a token revoked or wrong); `unreachable`, the platform did not answer
 * or failed. `reason`: what the platform said, or what went wrong, for the log.
 */
export type LookupProblem = { kind: 'refused' | 'unreachable'; reason: string }

/**
 * What a piece may do, through the guarded engine every door uses (handed to
 * `ChannelPiece.start`). Every write runs the engine's rules as a participant of this piece: the
 * agent's `access`, a channel chat written only from its channel, blank messages refused, the one
 * settle door, queued messages; after FrogBot's `close()` every call rejects with
 * `FrogbotError('closed')`, and `close()` waits for the calls under way.
 * - `sendMessage`: a message from `thread` (platform `account`: workspace, team or bot) continues
 *   its chat or starts one, owned by the FrogBot user matched to the participant.
 * - `settle`, `stop`: on a chat of this piece, as the participant.
 * - `mayAnswer({ chatId, toolCallId, participant })`: the settle door's checks of who may settle
 *   the call now (the chat, the agent's `access`, the call still waiting, the tool's
 *   `client.access`), settling nothing: resolves when they pass, throws the door's refusal (for a
 *   partial answer, before it is kept).
 * - `chatOf(thread)`, `readChat(chatId)`: reads of this piece's chats (as FrogBot itself); a
 *   piece with `directMessages` may read web chats too (the cards it sent in direct messages).
 * - `waitingChats({ after, limit })`: this piece's chats with calls still waiting, each with its
 *   pending calls, by chat id (`limit` default 100; `after`: the last chat id of the previous
 *   page), so that the piece can draw, after a restart, the controls it never drew.
 * - `userOf(participant)`: the FrogBot user a participant is, as the piece's `identity` says
 *   (`null` for platform ids, or when no user has their email).
 * - `state`: the piece's own state in FrogBot's database (Chat SDK's `StateAdapter`), scoped to
 *   this instance; the piece never touches the store.
 * - `log(line)`: FrogBot's log.
 */
export type PieceEngine = {
  sendMessage: (options: { thread: string; account?: string | null; message: UIMessage; participant: Participant }) => Promise<SendResult>
  settle: (options: { chatId: string; inputs: SettleInput[]; participant: Participant }) => Promise<SettleOutcome>
  mayAnswer: (options: { chatId: string; toolCallId: string; participant: Participant }) => Promise<void>
  stop: (options: { chatId: string; participant: Participant }) => Promise<boolean>
  chatOf: (thread: string) => Promise<ChatSummary | null>
  readChat: (chatId: string) => Promise<ChatRead>
  waitingChats: (options?: { after?: string; limit?: number }) => Promise<{ chat: ChatSummary; pending: PendingCall[] }[]>
  userOf: (participant: Participant) => Promise<User | null>
  state: ChannelState
  log: (line: string) => void
}

/**
 * A channel piece as an agent lists it in `channels: [...]` (FrogBot's piece contract): which
 * piece it is (`slack`), its instance name (its webhook is `/api/webhooks/<instance>`; 1–64
 * lowercase letters, digits, `-` or `_`), how its platform is named to people (`Slack`), how its
 * participants are identified, and which client tool kinds can be answered in its threads: calls
 * of other kinds are withheld from the model in its chats (seed: "Where questions are offered").
 * The piece draws and reads platform controls; the engine keeps the record, decides staleness,
 * checks who may answer, records the answer once and continues the agent. Hooks, all optional:
 * - `start(engine)`: once at start-up, with what the piece may do ({@link PieceEngine});
 * - `webhook(request)`: the platform's requests to `/api/webhooks/<instance>` (the piece verifies
 *   them; nothing else authenticates them); `503 unavailable` while it cannot take them;
 * - `listen({ signal })`: a long-running connection the platform needs (Discord's Gateway,
 *   Telegram's long polling), run by one process at a time (`frogbot serve` or `frogbot
 *   channels:run`) until `signal` aborts; it resolves or rejects when the connection ends, and is
 *   started again after a pause;
 * - `onEvent(event)`: what the engine did in one of its chats ({@link EngineEvent}): a turn
 *   started (its reply stream), calls wait, calls were settled (whoever settled them), a turn ended;
 * - `openThread({ text })`: starts a conversation on the platform with `text` as its first message
 *   and returns its thread (and platform account), for a question nobody asked in a thread: an MCP
 *   client's `ask_human` with `mcp.channel` (docs/protocols/mcp.md); a piece without it opens none;
 * - `describe({ agentSlug, webhookPath })`: the piece's start-up lines (its webhook, or what is
 *   missing), without the `frogbot: ` prefix;
 * - `close()`: at shutdown, once the engine stopped taking work and its turns ended;
 * - `directMessages`: present on a piece that can send direct messages ({@link DirectMessages}),
 *   for `notify.pieces`.
 * A hook that throws is logged, never the turn's failure.
 */
export type ChannelPiece = {
  piece: string
  instance: string
  label: string
  identity: ParticipantIdentity
  supportsKind: (kind: string) => boolean
  start?: (engine: PieceEngine) => void | Promise<void>
  webhook?: (request: Request) => Promise<Response>
  listen?: (options: { signal: AbortSignal }) => Promise<void>
  onEvent?: (event: EngineEvent) => void
  openThread?: (options: { text: string }) => Promise<{ thread: string; account: string | null }>
  describe?: (context: { agentSlug: string; webhookPath: string }) => string[]
  close?: () => void | Promise<void>
  directMessages?: DirectMessages
}

/**
 * Who a direct message goes to (`notify.pieces`, docs/chat/reach-people.md "In a direct
 * message"): the assignee entry as the call names them (an email, a FrogBot user id, or a platform
 * user id), and their email where FrogBot knows it (the entry itself, or the user's email).
 */
export type DirectPerson = { entry: string; email: string | null }

/**
 * What a notice in a direct message is: the call started waiting (`call.waiting`), a reminder
 * (`call.reminder`), or the call was escalated to the person (`call.escalated`).
 */
export type DirectNoticeType = 'call.waiting' | 'call.reminder' | 'call.escalated'

/**
 * How a piece that can send direct messages tells people of waiting calls (`notify.pieces`):
 * - `notify({ chat, call, person, type })`: finds `person` on the platform and sends them the
 *   call's ordinary card in a direct message (once across processes; a reminder, or a notice
 *   to someone who already has the card, is a short message in that conversation instead).
 *   Resolves `false` when the platform does not know them;
 * - `settled({ chat, settlements })`: replaces the direct cards of calls that ended, once each.
 * Answers on a direct card go through the ordinary card path and the one settle door.
 */
export type DirectMessages = {
  notify: (options: { chat: ChatSummary; call: PendingCall; person: DirectPerson; type: DirectNoticeType }) => Promise<boolean>
  settled: (options: { chat: ChatSummary; settlements: SettlementWithPart[] }) => Promise<void>
}

/** A piece as the engine serves it: the piece and the agent that lists it. */
export type AttachedPiece = { piece: ChannelPiece; agentSlug: string }
