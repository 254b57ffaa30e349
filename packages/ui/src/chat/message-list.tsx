import type { UIMessage } from 'ai'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { BranchMessageAction, CopyMessageAction, EditMessageAction } from './message-actions.tsx'
import { messageText } from './message-text.ts'
import { ToolPart } from './tool-part.tsx'
import { isToolPart } from './tool-parts.ts'

/**
 * Props of {@link MessageList}:
 * - `messages`: AI SDK UI messages, oldest first;
 * - `hiddenToolCallIds`: tool calls rendered elsewhere (the docked cards), left out here;
 * - `assistantName`: how the agent is named (default "Assistant");
 * - `streaming`: the newest assistant message is still streaming;
 * - `onEdit(messageId, text)`: offer Edit on user messages (left out in channel conversations);
 * - `onBranch(messageId)`: offer Branch on assistant messages;
 * - `emptyState`: shown when there are no messages.
 */
export type MessageListProps = {
  messages: readonly UIMessage[]
  hiddenToolCallIds?: ReadonlySet<string>
  assistantName?: string
  streaming?: boolean
  onEdit?: (messageId: string, text: string) => void
  onBranch?: (messageId: string) => void
  emptyState?: ReactNode
}

/** The conversation: each message with its text and tool cards, and Copy, Edit and Branch. */
export function MessageList({ messages, hiddenToolCallIds, assistantName = 'Assistant', streaming, onEdit, onBranch, emptyState }: MessageListProps) {
  const end = useRef<HTMLDivElement>(null)
  const last = messages.at(-1)
  const lastSize = last ? `${last.id}:${last.parts.length}:${messageText(last).length}` : ''
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' })
  }, [messages.length, lastSize])
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
            onEdit={onEdit}
            onBranch={onBranch}
          />
        ))}
      </ol>
      <div ref={end} />
    </section>
  )
}

function MessageItem({
  message,
  author,
  hiddenToolCallIds,
  streaming,
  onEdit,
  onBranch
}: {
  message: UIMessage
  author: string
  hiddenToolCallIds?: ReadonlySet<string>
  streaming: boolean
  onEdit?: (messageId: string, text: string) => void
  onBranch?: (messageId: string) => void
}) {
  const [editing, setEditing] = useState(false)
  const id = useId()
  const text = messageText(message)
  const parts = message.parts.filter((part) => (part.type === 'text' || part.type === 'file' || isToolPart(part)) && !(isToolPart(part) && hiddenToolCallIds?.has(part.toolCallId)))
  if (message.role === 'system' || (parts.length === 0 && !streaming)) return null
  return (
    <li className={`fb-message fb-message-${message.role}`} aria-labelledby={`${id}-author`} aria-busy={streaming || undefined}>
      <span id={`${id}-author`} className="fb-message-author">
        {author}
      </span>
      {editing && onEdit ? (
        <MessageEditor
          initial={text}
          onCancel={() => setEditing(false)}
          onSave={(value) => {
            setEditing(false)
            onEdit(message.id, value)
          }}
        />
      ) : (
        <div className="fb-message-body">
          {parts.map((part, index) => {
            if (part.type === 'text') {
              return (
                <div key={index} className="fb-message-text">
                  {part.text}
                </div>
              )
            }
            if (part.type === 'file') {
              return (
                <a key={index} className="fb-message-file" href={part.url} target="_blank" rel="noreferrer">
                  {part.filename ?? part.mediaType}
                </a>
              )
            }
            if (isToolPart(part)) return <ToolPart key={part.toolCallId} part={part} />
            return null
          })}
          {streaming && text === '' && !parts.some(isToolPart) ? <TypingIndicator /> : null}
        </div>
      )}
      {!editing && !streaming && text ? (
        <div className="fb-message-actions">
          <CopyMessageAction text={text} />
          {message.role === 'user' && onEdit ? <EditMessageAction onEdit={() => setEditing(true)} /> : null}
          {message.role === 'assistant' && onBranch ? <BranchMessageAction onBranch={() => onBranch(message.id)} /> : null}
        </div>
      ) : null}
    </li>
  )
}

/** "Working…" while the agent has not written anything yet. */
export function TypingIndicator({ label = 'Working…' }: { label?: string }) {
  return (
    <div className="fb-typing" role="status">
      <span className="fb-typing-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <span className="fb-sr-only">{label}</span>
    </div>
  )
}

function MessageEditor({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(initial)
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => field.current?.focus(), [])
  return (
    <form
      className="fb-message-editor"
      onSubmit={(event) => {
        event.preventDefault()
        if (value.trim()) onSave(value)
      }}
    >
      <textarea
        ref={field}
        className="fb-textarea"
        aria-label="Edit message"
        rows={3}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel()
        }}
      />
      <div className="fb-card-footer">
        <button type="button" className="fb-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="fb-button fb-button-primary" disabled={!value.trim()}>
          Save and run again
        </button>
      </div>
    </form>
  )
}
