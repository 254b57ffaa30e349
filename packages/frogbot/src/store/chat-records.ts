import type { UIMessage } from 'ai'
import type { ApprovalVote, ChannelIdentity, ChatState, PendingCall, Settlement } from '@frogbotai/protocol'
import type { CallAssigneesTable, CallStatus, ChatsTable, MessagesTable, PendingCallsTable, QueuedMessagesTable } from './database-schema.ts'

/** A chat as stored. Times are ISO 8601; `channel` is set for a channel conversation. */
export type ChatRecord = {
  id: string
  agentSlug: string
  ownerId: string | null
  title: string | null
  state: ChatState
  channel: ChannelIdentity | null
  leaseOwner: string | null
  leaseUntil: string | null
  stopRequestedAt: string | null
  version: number
  createdAt: string
  updatedAt: string
}

/** What a new chat is made of; it starts `idle`. */
export type NewChat = { id: string; agentSlug: string; ownerId: string | null; title: string | null; channel?: ChannelIdentity | null }

/** A stored message: an AI SDK `UIMessage` plus the `settlements` of its client tool calls. */
export type StoredMessage = UIMessage & { settlements: Settlement[] }

/**
 * A pending call row: the public shape's fields, how it ended (`status`), its tool's fingerprint,
 * its deadline (`null`: none), and for an approval that needs several people its `quorum` count
 * and `votes` so far (`null` and `[]` otherwise), and who is asked (`assignees`, `null`: nobody named).
 */
export type CallRecord = Omit<PendingCall, 'expiresAt' | 'quorum' | 'assignees' | 'escalatedTo' | 'escalatedAt'> & {
  status: CallStatus
  toolFingerprint: string
  expiresAt: string | null
  settledAt: string | null
  quorum: number | null
  votes: ApprovalVote[]
  /** Who is asked (user ids and lower-cased emails), resolved when the call started waiting; `null`: none named. */
  assignees: string[] | null
  /** Who an escalation told, and when (`notify.escalate`); absent until then. */
  escalatedTo?: string[]
  escalatedAt?: string
}

/** A new call to keep as pending. */
export type NewCall = Omit<CallRecord, 'status' | 'settledAt' | 'votes'>

/** A queued user message; `sender` is the JSON the engine stored with it (who sent it, how). */
export type QueuedRecord = { id: string; chatId: string; messageId: string; message: UIMessage; sender: unknown; createdAt: string }

export function toChatRecord(row: ChatsTable): ChatRecord {
  return {
    id: row.id,
    agentSlug: row.agent_slug,
    ownerId: row.owner_id,
    title: row.title,
    state: row.state,
    channel:
      row.channel === null
        ? null
        : { piece: row.channel, instance: row.channel_instance ?? row.channel, account: row.channel_account, thread: row.channel_thread ?? row.id },
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    stopRequestedAt: row.stop_requested_at,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at
  }
}

export function toStoredMessage(row: Pick<MessagesTable, 'id' | 'role' | 'parts' | 'metadata' | 'settlements'>): StoredMessage {
  const metadata = row.metadata === null ? undefined : JSON.parse(row.metadata)
  return {
    id: row.id,
    role: row.role,
    parts: JSON.parse(row.parts),
    ...(metadata === undefined ? {} : { metadata }),
    settlements: JSON.parse(row.settlements)
  }
}

export function toCallRecord(row: PendingCallsTable): CallRecord {
  return {
    toolCallId: row.tool_call_id,
    toolName: row.tool_name,
    input: JSON.parse(row.input),
    messageId: row.message_id,
    chatId: row.chat_id,
    agentSlug: row.agent_slug,
    createdAt: row.created_at,
    status: row.status,
    toolFingerprint: row.tool_fingerprint,
    expiresAt: row.expires_at,
    settledAt: row.settled_at,
    kind: row.kind || row.tool_name,
    quorum: row.quorum === null || row.quorum === undefined ? null : Number(row.quorum),
    votes: typeof row.votes === 'string' ? JSON.parse(row.votes) : (row.votes ?? []),
    assignees: row.assignees === null || row.assignees === undefined ? null : typeof row.assignees === 'string' ? JSON.parse(row.assignees) : row.assignees,
    ...(row.escalated_at ? { escalatedAt: row.escalated_at, escalatedTo: JSON.parse(row.escalated_to ?? '[]') } : {})
  }
}

export function toQueuedRecord(row: QueuedMessagesTable): QueuedRecord {
  const message = JSON.parse(row.message) as UIMessage
  return { id: row.id, chatId: row.chat_id, messageId: row.message_id ?? message.id, message, sender: JSON.parse(row.sender), createdAt: row.created_at }
}

/** The public `PendingCall` shape of a record (seed: "Answer over HTTP"; `expiresAt`, `quorum` and `assignees` only where they apply). */
export function toPendingCall(call: Omit<CallRecord, 'status' | 'settledAt'>): PendingCall {
  const { toolCallId, toolName, input, messageId, chatId, agentSlug, createdAt, kind, expiresAt, quorum, votes, assignees, escalatedTo, escalatedAt } = call
  return {
    toolCallId,
    toolName,
    // An MCP server's request state stays on the server (docs/protocols/mcp.md#when-an-mcp-tool-asks-for-input).
    input: kind === 'mcp-elicitation' && input && typeof input === 'object' ? Object.fromEntries(Object.entries(input).filter(([key]) => key !== 'requestState' && key !== 'key')) : input,
    messageId,
    chatId,
    agentSlug,
    createdAt,
    kind,
    ...(expiresAt === null ? {} : { expiresAt }),
    ...(quorum === null ? {} : { quorum: { count: quorum, votes } }),
    ...(assignees ? { assignees } : {}),
    ...(escalatedAt ? { escalatedTo, escalatedAt } : {})
  }
}

/** The row of a new `idle` chat. */
export function newChatRow(chat: NewChat, now: string): ChatsTable {
  return {
    id: chat.id,
    agent_slug: chat.agentSlug,
    owner_id: chat.ownerId,
    title: chat.title,
    state: 'idle',
    channel: chat.channel?.piece ?? null,
    channel_instance: chat.channel?.instance ?? null,
    channel_account: chat.channel?.account ?? null,
    channel_thread: chat.channel?.thread ?? null,
    lease_owner: null,
    lease_until: null,
    stop_requested_at: null,
    version: 0,
    created_at: now,
    updated_at: now
  }
}

/** The row of a new pending call of `chatId`. */
export function callRow(chatId: string, call: NewCall): PendingCallsTable {
  return {
    chat_id: chatId,
    tool_call_id: call.toolCallId,
    message_id: call.messageId,
    tool_name: call.toolName,
    agent_slug: call.agentSlug,
    input: JSON.stringify(call.input ?? null),
    status: 'pending',
    tool_fingerprint: call.toolFingerprint,
    created_at: call.createdAt,
    expires_at: call.expiresAt,
    settled_at: null,
    kind: call.kind,
    quorum: call.quorum,
    votes: '[]',
    assignees: call.assignees ? JSON.stringify(call.assignees) : null
  }
}

/** The assignee rows of new calls of `chatId`: one a call and assignee. */
export function assigneeRows(chatId: string, calls: NewCall[]): CallAssigneesTable[] {
  return calls.flatMap((call) => (call.assignees ?? []).map((assignee) => ({ chat_id: chatId, tool_call_id: call.toolCallId, assignee })))
}

/** The row of a stored message. */
export function messageRow(chatId: string, position: number, message: UIMessage & { settlements?: Settlement[] }, now: string): MessagesTable {
  return {
    id: message.id,
    chat_id: chatId,
    position,
    role: message.role,
    parts: JSON.stringify(message.parts),
    metadata: message.metadata === undefined ? null : JSON.stringify(message.metadata),
    settlements: JSON.stringify(message.settlements ?? []),
    version: 0,
    created_at: now,
    updated_at: now
  }
}
