import type { UIMessage } from 'ai'
import type { ApprovalVote, Settlement } from '@frogbotai/protocol'
import type { CallRecord, ChatRecord, StoredMessage } from './chat-records.ts'
import type { ChatPatch } from './chat-transaction.ts'
import type { CallStatus } from './database-schema.ts'

/** A message to store with its position (used when it is new) and its settlements. */
export type MessageWrite = { message: UIMessage; settlements: Settlement[]; position: number }

/** A stored message with the version its compare-and-set expects. */
export type VersionedMessage = StoredMessage & { version: number }

/** What a settle decides from: the chat, the calls named and every pending call, and the transcript. */
export type SettleSnapshot = { chat: ChatRecord; calls: CallRecord[]; messages: VersionedMessage[] }

/**
 * A settle to apply: the calls ended (each still pending), the votes recorded on calls that still
 * wait for more approvals (each still pending; `votes` replaces the call's votes), the message
 * rewritten (at its version), the chat's new state (at its version).
 */
export type SettleWrite = {
  chatId: string
  chatVersion: number
  calls: { toolCallId: string; status: Exclude<CallStatus, 'pending'> }[]
  votes?: { toolCallId: string; votes: ApprovalVote[] }[]
  message: { id: string; version: number; parts: UIMessage['parts']; settlements: Settlement[] }
  chat: ChatPatch
}
