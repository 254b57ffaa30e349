import type { ChatTransport } from 'ai'
import type {
  CallDraft,
  ChatListSchema,
  Inbox,
  ChatReadSchema,
  ChatSummary,
  FrogbotUIMessage,
  Manifest,
  PendingListSchema,
  QueuedTurn,
  SettleRequest,
  SettleResult,
  TurnResult
} from '@frogbotai/protocol'
import type { z } from 'zod'

/** `GET /api/agents/:slug/chats/:chatId`: the chat, its stored messages, waiting calls and queue. */
export type ChatRead = z.output<typeof ChatReadSchema>

/** `GET …/chats/:chatId/pending`: the turn state and the calls still waiting. */
export type PendingList = z.output<typeof PendingListSchema>

/** A page of the caller's chats, newest first (`GET /api/chats`, `GET /api/agents/:slug/chats`). */
export type ChatPage = z.output<typeof ChatListSchema>

/** What `inbox` lists: filters of `GET /api/pending` (ages: a duration such as `2h`, or an ISO time), a page size and the `nextCursor` of the previous page. */
export type InboxOptions = { agent?: string; kind?: string; olderThan?: string; newerThan?: string; limit?: number; cursor?: string }

/**
 * How the chat components reach a FrogBot server: every request they make goes through it, so an
 * app chooses the transport (REST over `fetch`, cookies or bearer tokens) once. Build one with
 * `createRestChatAdapter` from `@frogbotai/ui/chat/rest`; pass the same object for the life of
 * the app (the provider keys its chat sessions on it).
 *
 * Every method rejects with a `ChatApiError` (status, `code`, message for a person) when the
 * server refuses; `readChat` resolves `null` for a chat that does not exist yet (404).
 */
export type ChatAdapter = {
  /** The API root, e.g. `/api` (no trailing slash). */
  readonly apiBase: string
  /** The AI SDK transport `useChat` streams through for an agent (`POST {apiBase}/agents/:slug`). */
  transport(agent: string): ChatTransport<FrogbotUIMessage>
  /** `GET {apiBase}/frogbot`: the signed-in user and the agents with their client tools. */
  manifest(): Promise<Manifest>
  /** `POST {apiBase}/auth/login`: signs in with a password (sets the session cookie). */
  login(credentials: { email: string; password: string }): Promise<void>
  /** `POST {apiBase}/auth/logout`. */
  logout(): Promise<void>
  /**
   * `GET {apiBase}/chats` (every agent the caller may use) or `GET {apiBase}/agents/:slug/chats`
   * (with `agent`): the caller's chats, newest first, `limit` (1 to 100, default 50) at a time.
   */
  listChats(options?: { agent?: string; limit?: number; cursor?: string }): Promise<ChatPage>
  readChat(agent: string, chatId: string): Promise<ChatRead | null>
  pending(agent: string, chatId: string): Promise<PendingList>
  /**
   * `GET {apiBase}/pending`: the inbox, every call the caller may answer across chats and agents,
   * newest first, each with its chat's `title`. Optional: an adapter without it has no inbox.
   */
  inbox?(options?: InboxOptions): Promise<Inbox>
  /**
   * Sends a user message as JSON (not streamed): `202` queued while a turn runs or a question
   * waits, else the turn's result once it has run.
   */
  send(agent: string, chatId: string, message: { id: string; text: string }): Promise<QueuedTurn | TurnResult>
  settle(agent: string, chatId: string, body: SettleRequest): Promise<SettleResult>
  /**
   * `PUT {apiBase}/agents/:slug/chats/:chatId/pending/:toolCallId/draft`: keeps what the person has
   * put on a waiting call's card so far (any JSON of the card's own; never an answer).
   */
  saveDraft(agent: string, chatId: string, toolCallId: string, draft: unknown): Promise<CallDraft>
  /** `DELETE …/pending/:toolCallId/draft`. */
  deleteDraft(agent: string, chatId: string, toolCallId: string): Promise<void>
  /**
   * `POST {apiBase}/agents/:slug/chats/:chatId/stop`, with `{ messageId }` when given: the assistant
   * message whose run or waiting calls to stop (the server stops nothing when another turn runs or
   * waits by then: `stopped: false`).
   */
  stop(agent: string, chatId: string, messageId?: string): Promise<{ chatId: string; stopped: boolean }>
  branch(agent: string, chatId: string, messageId?: string): Promise<{ chat: ChatSummary }>
  /** `PATCH {apiBase}/agents/:slug/chats/:chatId`: a new title (1 to 80 characters); resolves the chat. */
  renameChat(agent: string, chatId: string, title: string): Promise<{ chat: ChatSummary }>
  /** `DELETE {apiBase}/agents/:slug/chats/:chatId`: the chat and everything in it (refused while a reply is written). */
  deleteChat(agent: string, chatId: string): Promise<void>
  editQueued(agent: string, chatId: string, messageId: string, text: string): Promise<void>
  deleteQueued(agent: string, chatId: string, messageId: string): Promise<void>
}
