import type { ChatState } from '@frogbotai/protocol'

/**
 * What happens to a new user message (docs/chat/turns.md; FrogBot's turn rules):
 * - `start`: the chat is free and nothing waits in its queue: the message starts a turn;
 * - `queue`: a turn runs, a question waits, or older messages wait: it joins the queue and starts
 *   when they are done (oldest first);
 * - `turn-in-progress`: the caller cannot queue (a local `generate({ chatId })` rejects instead);
 * - `queue-full`: the chat's queue already holds `queueLimit` messages.
 */
export function planSend({ state, queueSize, queueLimit, canQueue }: { state: ChatState; queueSize: number; queueLimit: number; canQueue: boolean }):
  | 'start'
  | 'queue'
  | 'turn-in-progress'
  | 'queue-full' {
  if (state === 'idle' && queueSize === 0) return 'start'
  if (!canQueue) return 'turn-in-progress'
  return queueSize >= queueLimit ? 'queue-full' : 'queue'
}
