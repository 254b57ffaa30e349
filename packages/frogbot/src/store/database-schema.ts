import type { ChatState, SettlementOutcome } from '@frogbotai/protocol'

/** How a pending call ended (its settlement's outcome); `pending` while it waits. */
export type CallStatus = 'pending' | SettlementOutcome

export type ChatsTable = {
  id: string
  agent_slug: string
  owner_id: string | null
  title: string | null
  state: ChatState
  /** The piece of a channel conversation (e.g. `slack`), `null` for a web chat. */
  channel: string | null
  /** The instance name of the channel piece whose webhook serves the conversation. */
  channel_instance: string | null
  /** The platform account (workspace, team), when it has one. */
  channel_account: string | null
  /** The platform thread; one chat per (instance, thread). */
  channel_thread: string | null
  lease_owner: string | null
  /** ISO time after which a `running` turn whose process died no longer holds the chat. */
  lease_until: string | null
  /** ISO time someone asked to stop the running turn; cleared when the next turn starts. */
  stop_requested_at: string | null
  version: number
  created_at: string
  updated_at: string
}

export type MessagesTable = {
  id: string
  chat_id: string
  position: number
  role: 'system' | 'user' | 'assistant'
  /** JSON: AI SDK `UIMessage['parts']`. */
  parts: string
  /** JSON: `UIMessage['metadata']` or null. */
  metadata: string | null
  /** JSON: `Settlement[]`. */
  settlements: string
  version: number
  created_at: string
  updated_at: string
}

export type PendingCallsTable = {
  chat_id: string
  tool_call_id: string
  message_id: string
  tool_name: string
  agent_slug: string
  /** JSON: the tool input as the model sent it. */
  input: string
  status: CallStatus
  /** Fingerprint of the tool's schemas when the call was made. */
  tool_fingerprint: string
  created_at: string
  expires_at: string | null
  settled_at: string | null
  /** What answers the call: the client tool's `client.kind`, or `approval`. */
  kind: string
  /** For an approval that needs several people: how many distinct approvals settle it. */
  quorum: number | null
  /** JSON: `ApprovalVote[]`, the votes so far of an approval with a `quorum`. */
  votes: string
  /** ISO time until which one process's expiry sweeper holds this call past its deadline (see `claimExpiredCalls`). */
  claimed_until?: string | null
  /** The W3C `traceparent` of the turn that asked, while the app records traces (see `telemetry/`). */
  trace_parent?: string | null
  /** JSON: who is asked (`string[]`: user ids and lower-cased emails), or `null` when nobody was named. */
  assignees?: string | null
  /** ISO time of the call's first notice (`notify`, see `store/notice-queries.ts`). */
  notice_at?: string | null
  /** ISO time the call's next reminder or escalation is due. */
  notice_due_at?: string | null
  /** How many reminders went out. */
  reminders_sent?: number
  /** ISO time the call was escalated. */
  escalated_at?: string | null
  /** JSON `string[]`: who the escalation told. */
  escalated_to?: string | null
}

/** One assignee of a waiting call, kept to find the calls waiting for a person (the inbox, who may read a chat). */
export type CallAssigneesTable = {
  chat_id: string
  tool_call_id: string
  /** A user id or a lower-cased email. */
  assignee: string
}

/** One answer link of a notice (docs/chat/reach-people.md "Answer links"), keyed by the SHA-256 of its token. */
export type AnswerLinksTable = {
  token_hash: string
  chat_id: string
  tool_call_id: string
  /** The address the link was sent to. */
  recipient: string
  /** What the link says it does: an option's label, `Approve`, `Deny`, or `Answer`. */
  label: string
  /** JSON of the answer the link gives; `null` for a link to the answer page. */
  choice: string | null
  expires_at: string
  used_at: string | null
  created_at: string
}

/** The draft of a waiting call's card (docs/http/overview.md: the draft of a card); it goes when the call settles. */
export type CallDraftsTable = {
  chat_id: string
  tool_call_id: string
  /** Whose draft (migration 014): `user:<id>`, or `anonymous` for every caller without a user. */
  writer: string
  /** JSON: the card's own draft, as the last save gave it. */
  draft: string
  updated_at: string
}

/** A user message sent while a turn was running or a question waited; it starts a later turn (docs/chat/turns.md). */
export type QueuedMessagesTable = {
  id: string
  chat_id: string
  /** The id of the user message (also inside `message`), by which its sender edits or deletes it. */
  message_id: string
  /** Order in the chat's queue (taken under the chat's lock, so it never ties). */
  position: number
  /** JSON: the user `UIMessage`. */
  message: string
  /** JSON: `Sender`, who sent it and through which door, to run its turn as them. */
  sender: string
  created_at: string
}

export type UsersTable = {
  id: string
  email: string
  name: string | null
  password_hash: string | null
  created_at: string
}

export type ApiTokensTable = {
  id: string
  user_id: string
  name: string
  /** The visible start of the token, e.g. `fbt_3kq9`. */
  prefix: string
  /** Hex SHA-256 of the whole token; the token itself is never stored. */
  token_hash: string
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
}

/** A signed-in browser session (`POST /api/auth/login`). The cookie's value is never stored. */
export type SessionsTable = {
  /** Public id (`ses_…`), the `sessionId` of a session credential. */
  id: string
  user_id: string
  /** Hex SHA-256 of the cookie's value. */
  token_hash: string
  created_at: string
  expires_at: string
}

/** One sign-in attempt that counts against the rate limit (a failure, or one still being checked). */
export type LoginAttemptsTable = {
  id: string
  /** `account:<sha-256 of the email>` or `address:<client address>`. */
  key: string
  attempted_at: string
}

/** A signing key of the protocol doors (migration `012-protocol-keys`): random, base64url. */
export type ProtocolKeysTable = {
  name: string
  secret: string
  created_at: string
}

/** A used nonce of a signed protocol state, kept until the state expires (a replay is refused). */
export type ProtocolNoncesTable = {
  nonce: string
  expires_at: string
}

/** Every column of a table `T`, from a record that must name each one. */
const columnsOf = <T>(names: Record<keyof T & string, true>) => Object.keys(names) as (keyof T & string)[]

/**
 * The columns of the chat tables, for queries that name what they read instead of `select *`: a
 * PostgreSQL prepared statement whose result shape changes (a column added by a newer version's
 * migration) fails instead of re-planning.
 */
export const COLUMNS = {
  frogbot_chats: columnsOf<ChatsTable>({
    id: true,
    agent_slug: true,
    owner_id: true,
    title: true,
    state: true,
    channel: true,
    channel_instance: true,
    channel_account: true,
    channel_thread: true,
    lease_owner: true,
    lease_until: true,
    stop_requested_at: true,
    version: true,
    created_at: true,
    updated_at: true
  }),
  frogbot_messages: columnsOf<MessagesTable>({ id: true, chat_id: true, position: true, role: true, parts: true, metadata: true, settlements: true, version: true, created_at: true, updated_at: true }),
  frogbot_pending_calls: columnsOf<PendingCallsTable>({
    chat_id: true,
    tool_call_id: true,
    message_id: true,
    tool_name: true,
    agent_slug: true,
    input: true,
    status: true,
    tool_fingerprint: true,
    created_at: true,
    expires_at: true,
    settled_at: true,
    kind: true,
    quorum: true,
    votes: true,
    claimed_until: true,
    trace_parent: true,
    assignees: true,
    notice_at: true,
    notice_due_at: true,
    reminders_sent: true,
    escalated_at: true,
    escalated_to: true
  }),
  frogbot_queued_messages: columnsOf<QueuedMessagesTable>({ id: true, chat_id: true, message_id: true, position: true, message: true, sender: true, created_at: true })
}

/** The tables FrogBot keeps, as Kysely sees them. */
export type Database = {
  frogbot_chats: ChatsTable
  frogbot_messages: MessagesTable
  frogbot_pending_calls: PendingCallsTable
  frogbot_queued_messages: QueuedMessagesTable
  frogbot_call_drafts: CallDraftsTable
  frogbot_call_assignees: CallAssigneesTable
  frogbot_answer_links: AnswerLinksTable
  frogbot_users: UsersTable
  frogbot_api_tokens: ApiTokensTable
  frogbot_sessions: SessionsTable
  frogbot_login_attempts: LoginAttemptsTable
  frogbot_protocol_keys: ProtocolKeysTable
  frogbot_protocol_nonces: ProtocolNoncesTable
}
