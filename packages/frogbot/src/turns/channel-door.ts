import type { UIMessage } from 'ai'
import type { Kysely } from 'kysely'
import type { User } from '../auth/frogbot-request.ts'
import type { ChatSummary, PendingCall, SettlementWithPart } from '@frogbotai/protocol'
import type { ChatRead } from './read-chat.ts'
import type { TurnRun } from './run-turn.ts'
import type { SendResult } from './send-message.ts'
import type { SettleInput, SettleOutcome } from './settle.ts'

/**
 * A participant of a channel thread as the piece found them: the platform user id and name, and
 * the FrogBot user the piece matched (Slack, Teams and Linear by email; `null` where it could not
 * or the platform has none). The agent's `access` decides about them with `req.channel` and `req.user`.
 */
export type ChannelParticipantInput = { userId: string; name?: string; email?: string; user: User | null }

/**
 * What a piece instance may do, through its own channel door (handed to `ChannelDoor.start`).
 * Every call runs the engine's rules as a participant of this instance: the agent's `access`, a
 * channel chat written only from its channel, the one settle door, queued messages.
 * - `sendMessage`: a message from `thread` continues its chat or starts one.
 * - `settle`, `stop`: on a chat of this instance.
 * - `chatOf(thread)`, `readChat(chatId)`: reads (as FrogBot itself).
 * - `waitingChats({ after, limit })`: the instance's chats with calls still waiting, each with
 *   its pending calls, by chat id (default `limit` 100; `after`: the last chat id of the previous
 *   page), so that a piece can draw, after a restart, the controls it never drew.
 * - `findUserByEmail`: to match a participant to a FrogBot user.
 * - `database`: FrogBot's own database, where the piece keeps its state (Chat SDK state).
 */
export type ChannelEngine = {
  sendMessage: (options: { thread: string; account?: string | null; message: UIMessage; participant: ChannelParticipantInput }) => Promise<SendResult>
  settle: (options: { chatId: string; inputs: SettleInput[]; participant: ChannelParticipantInput }) => Promise<SettleOutcome>
  stop: (options: { chatId: string; participant: ChannelParticipantInput }) => Promise<boolean>
  chatOf: (thread: string) => Promise<ChatSummary | null>
  readChat: (chatId: string) => Promise<ChatRead>
  waitingChats: (options?: { after?: string; limit?: number }) => Promise<{ chat: ChatSummary; pending: PendingCall[] }[]>
  findUserByEmail: (email: string) => Promise<User | null>
  database: { db: Kysely<any>; kind: 'sqlite' | 'postgres' }
  log: (line: string) => void
}

/**
 * A channel piece instance as the engine sees it (FrogBot's piece contract): which piece it is
 * (`slack`), its instance name (its webhook is `/api/webhooks/<instance>`), the agent it is
 * attached to, how its platform is named to people (`Slack`), and which client tool kinds can be
 * answered in its threads: calls of other kinds are withheld from the model in its chats (seed:
 * "Where questions are offered"). The piece draws and reads platform controls; the engine keeps
 * the record, decides staleness, checks who may answer, records the answer once and continues the
 * agent. Hooks, all optional:
 * - `start(engine)`: once at start-up, with what the piece may do ({@link ChannelEngine});
 * - `webhook(request)`: the platform's requests to `/api/webhooks/<instance>` (the piece verifies
 *   them; nothing else authenticates them);
 * - `onTurn({ chat, run })`: every turn of one of its chats, whatever started it (a thread
 *   message, a queued message, an answer): `run.stream` is the piece's own copy of the reply;
 * - `onSettled({ chat, settlements })`: calls of one of its chats ended (answered, dismissed,
 *   cancelled, expired), whoever settled them, each with its stored part;
 * - `close()`: at shutdown.
 * A hook that throws is logged, never the turn's failure.
 */
export type ChannelDoor = {
  piece: string
  instance: string
  agentSlug: string
  label: string
  supportsKind: (kind: string) => boolean
  start?: (engine: ChannelEngine) => void | Promise<void>
  webhook?: (request: Request) => Promise<Response>
  onTurn?: (event: { chat: ChatSummary; run: TurnRun }) => void
  onSettled?: (event: { chat: ChatSummary; settlements: SettlementWithPart[] }) => void
  close?: () => void | Promise<void>
}
