import type { UIMessage } from 'ai'
import type { PendingCall } from '../turns/pending-call.ts'
import type { Settlement } from '../turns/settlement.ts'
import type { CallStatus, ChatState, ChatsTable, MessagesTable, PendingCallsTable } from './database-schema.ts'

/** A chat as stored. Times are ISO 8601. */
export type ChatRecord = {
  id: string
  agentSlug: string
  ownerId: string | null
  title: string | null
  state: ChatState
  channel: string | null
  leaseOwner: string | null
  leaseUntil: string | null
  version: number
  createdAt: string
  updatedAt: string
}

/** A stored message: an AI SDK `UIMessage` plus the `settlements` of its client tool calls. */
export type StoredMessage = UIMessage & { settlements: Settlement[] }

/** A pending call row with how it ended (`status`) and the fingerprint of its tool's schemas. */
export type CallRecord = PendingCall & {
  status: CallStatus
  toolFingerprint: string
  expiresAt: string | null
  settledAt: string | null
}

export function toChatRecord(row: ChatsTable): ChatRecord {
  return {
    id: row.id,
    agentSlug: row.agent_slug,
    ownerId: row.owner_id,
    title: row.title,
    state: row.state,
    channel: row.channel,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at
  }
}

export function toStoredMessage(row: MessagesTable): StoredMessage {
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
    settledAt: row.settled_at
  }
}

/** The public `PendingCall` shape of a record (seed: "Answer over HTTP"). */
export function toPendingCall(call: CallRecord): PendingCall {
  const { toolCallId, toolName, input, messageId, chatId, agentSlug, createdAt } = call
  return { toolCallId, toolName, input, messageId, chatId, agentSlug, createdAt }
}

/**
 * The state a user sees: a `running` chat whose lease has passed (its process died) is `idle`,
 * ready for the next message, with every settled answer kept.
 */
export function effectiveState(chat: ChatRecord, now: Date): ChatRecord['state'] {
  return chat.state === 'running' && (chat.leaseUntil ?? '') < now.toISOString() ? 'idle' : chat.state
}

/** The row of a new `idle` web chat. */
export function newChatRow({ id, agentSlug, ownerId, title, now }: { id: string; agentSlug: string; ownerId: string | null; title: string | null; now: string }): ChatsTable {
  return {
    id,
    agent_slug: agentSlug,
    owner_id: ownerId,
    title,
    state: 'idle',
    channel: null,
    lease_owner: null,
    lease_until: null,
    stop_requested_at: null,
    version: 0,
    created_at: now,
    updated_at: now
  }
}
