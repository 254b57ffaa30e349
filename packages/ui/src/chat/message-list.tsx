import type { UIMessage } from 'ai'
import type { ReactNode } from 'react'
import { MessageItem } from './message-item.tsx'

/**
 * Props of {@link MessageList}:
 * - `messages`: AI SDK UI messages, oldest first;
 * - `hiddenToolCallIds`: tool calls rendered elsewhere (the docked cards), left out here;
 * - `assistantName`: how the agent is named (default "Assistant");
 * - `streaming`: the newest assistant message is still streaming;
 * - `replying`: its reply is being written now, so "Replying…" shows until its text starts
 *   (default: `streaming`; not while an answer is still on its way, which its card shows);
 * - `onEdit(messageId, text)`: offer Edit on user messages (left out in channel conversations);
 * - `onBranch(messageId)`: offer Branch on assistant messages;
 * - `emptyState`: shown when there are no messages.
 */
export type MessageListProps = {
  messages: readonly UIMessage[]
  hiddenToolCallIds?: ReadonlySet<string>
  assistantName?: string
  streaming?: boolean
  replying?: boolean
  onEdit?: (messageId: string, text: string) => void
  onBranch?: (messageId: string) => void
  emptyState?: ReactNode
}

/**
 * The conversation: each message with its text (an assistant's as Markdown) and tool cards, and
 * Copy, Edit and Branch. Inside `ChatShell`, the view follows a streaming reply while the reader
 * is at the bottom.
 */
export function MessageList({ messages, hiddenToolCallIds, assistantName = 'Assistant', streaming, replying = streaming, onEdit, onBranch, emptyState }: MessageListProps) {
  if (messages.length === 0) return <div className="fb-empty">{emptyState}</div>
  return (
    <section className="fb-messages" aria-label="Conversation">
      <ol className="fb-message-list">
        {messages.map((message, index) => (
          <MessageItem
            key={message.id}
            message={message}
            author={message.role === 'user' ? 'You' : assistantName}
            hiddenToolCallIds={hiddenToolCallIds}
            streaming={Boolean(streaming) && index === messages.length - 1 && message.role === 'assistant'}
            replying={Boolean(replying) && index === messages.length - 1 && message.role === 'assistant'}
            onEdit={onEdit}
            onBranch={onBranch}
          />
        ))}
      </ol>
    </section>
  )
}
