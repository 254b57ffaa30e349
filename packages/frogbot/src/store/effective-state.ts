import type { ChatState } from '@frogbotai/protocol'
import type { ChatRecord } from './chat-records.ts'

/**
 * The state a user sees: a `running` chat whose lease has passed (its process died) is `idle`,
 * ready for the next message, with every settled answer kept (docs/chat/turns.md).
 */
export function effectiveState(chat: Pick<ChatRecord, 'state' | 'leaseUntil'>, now: string): ChatState {
  return chat.state === 'running' && (chat.leaseUntil ?? '') < now ? 'idle' : chat.state
}
