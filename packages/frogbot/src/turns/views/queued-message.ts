import type { QueuedMessage } from '@frogbotai/protocol'
import type { QueuedRecord } from '../../store/chat-records.ts'
import { textOf } from '../transcript.ts'

/** The public shape of a queued message. */
export function toQueuedMessage(record: QueuedRecord): QueuedMessage {
  const sender = record.sender as { userId?: string | null } | null
  return {
    messageId: record.messageId,
    chatId: record.chatId,
    parts: record.message.parts,
    text: textOf(record.message.parts),
    sender: { userId: sender?.userId ?? null },
    createdAt: record.createdAt
  }
}
