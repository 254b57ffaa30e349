import type { ChatSummary, PendingCall, SettlementWithPart } from '@frogbotai/protocol'
import type { UIMessage } from 'ai'
import type { Kysely } from 'kysely'
import type { User } from './caller.ts'
import type { Participant } from './participant.ts'
import type { ChatRead, SendResult, SettleInput, SettleOutcome, TurnRun } from './turns.ts'

/** A participant as a piece hands them to its engine: with the FrogBot user matched to them, if any. */
export type MatchedParticipant = Participant & { user: User | null }

/**
 * What a piece instance may do, through the engine (handed to `ChannelPiece.start`). Every call
 * runs the engine's rules as a participant of this instance: the agent's `access`, a channel chat
 * written only from its channel, the one settle door, queued messages.
 * - `sendMessage`: a message from `thread` continues its chat or starts one.
 * - `settle`, `stop`: on a chat of this instance.
 * - `chatOf(thread)`, `readChat(chatId)`: reads (as FrogBot itself).
 * - `waitingChats({ after, limit })`: the instance's chats with calls still waiting, each with
 *   its pending calls, by chat id (default `limit` 100; `after`: the last chat id of the previous
 *   page), so that a piece can draw, after a restart, the controls it never drew.
 * - `findUserByEmail`: to match a participant to a FrogBot user.
 * - `database`: FrogBot's own database, where the piece keeps its state (Chat SDK state).
 */
export type PieceEngine = {
  sendMessage: (options: { thread: string; account?: string | null; message: UIMessage; participant: MatchedParticipant }) => Promise<SendResult>
  settle: (options: { chatId: string; inputs: SettleInput[]; participant: MatchedParticipant }) => Promise<SettleOutcome>
  stop: (options: { chatId: string; participant: MatchedParticipant }) => Promise<boolean>
  chatOf: (thread: string) => Promise<ChatSummary | null>
  readChat: (chatId: string) => Promise<ChatRead>
  waitingChats: (options?: { after?: string; limit?: number }) => Promise<{ chat: ChatSummary; pending: PendingCall[] }[]>
  findUserByEmail: (email: string) => Promise<User | null>
  database: { db: Kysely<any>; kind: 'sqlite' | 'postgres' }
  log: (line: string) => void
}

/**
 * A channel piece as an agent lists it in `channels: [...]` (FrogBot's piece contract): which
 * piece it is (`slack`), its instance name (its webhook is `/api/webhooks/<instance>`), how its
 * platform is named to people (`Slack`), and which client tool kinds can be answered in its
 * threads: calls of other kinds are withheld from the model in its chats (seed: "Where questions
 * are offered"). The piece draws and reads platform controls; the engine keeps the record,
 * decides staleness, checks who may answer, records the answer once and continues the agent.
 * Hooks, all optional:
 * - `start(engine)`: once at start-up, with what the piece may do ({@link PieceEngine});
 * - `webhook(request)`: the platform's requests to `/api/webhooks/<instance>` (the piece verifies
 *   them; nothing else authenticates them);
 * - `onTurn({ chat, run })`: every turn of one of its chats, whatever started it (a thread
 *   message, a queued message, an answer): `run.stream` is the piece's own copy of the reply;
 * - `onSettled({ chat, settlements })`: calls of one of its chats ended (answered, dismissed,
 *   cancelled, expired), whoever settled them, each with its stored part;
 * - `close()`: at shutdown.
 * A hook that throws is logged, never the turn's failure.
 */
export type ChannelPiece = {
  piece: string
  instance: string
  label: string
  supportsKind: (kind: string) => boolean
  start?: (engine: PieceEngine) => void | Promise<void>
  webhook?: (request: Request) => Promise<Response>
  onTurn?: (event: { chat: ChatSummary; run: TurnRun }) => void
  onSettled?: (event: { chat: ChatSummary; settlements: SettlementWithPart[] }) => void
  close?: () => void | Promise<void>
}

/** A piece as the engine serves it: the piece and the agent that lists it. */
export type AttachedPiece = { piece: ChannelPiece; agentSlug: string }
