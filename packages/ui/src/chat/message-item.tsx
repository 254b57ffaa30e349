import { isBlankText } from '@frogbotai/protocol'
import type { UIMessage } from 'ai'
import { useEffect, useId, useRef, useState } from 'react'
import { MarkdownText } from './markdown/markdown-text.tsx'
import { BranchMessageAction, CopyMessageAction, EditMessageAction } from './message-actions.tsx'
import { messageText } from './message-text.ts'
import { ToolPart } from './tool-part.tsx'
import { isToolPart } from './tool-parts.ts'
import { TypingIndicator } from './typing-indicator.tsx'

type Part = UIMessage['parts'][number]

/** Whether a message's reply has shown nothing yet since its last tool card (a continuation that has not started writing). */
function awaitsText(parts: readonly Part[]): boolean {
  const last = parts.findLast((part) => part.type === 'text' || part.type === 'reasoning' || isToolPart(part))
  return !last || isToolPart(last) || ((last.type === 'text' || last.type === 'reasoning') && last.text.trim() === '')
}

/** Whether the stored message says Stop ended it (`metadata.stopped`). */
function wasStopped(message: UIMessage): boolean {
  return (message.metadata as { stopped?: unknown } | undefined)?.stopped === true
}

/**
 * One message of the conversation: a user's text as written, an assistant's text as Markdown (while
 * `replying`, with "Replying…" until its text starts), its reasoning folded away, its tool cards
 * (except `hiddenToolCallIds`, shown docked), a "Stopped" mark when Stop ended it, and Copy, Edit
 * (user) and Branch (assistant), shown while the message is pointed at, tapped or holds the focus.
 */
export function MessageItem({
  message,
  author,
  hiddenToolCallIds,
  streaming,
  replying,
  onEdit,
  onBranch
}: {
  message: UIMessage
  author: string
  hiddenToolCallIds?: ReadonlySet<string>
  streaming: boolean
  replying: boolean
  onEdit?: (messageId: string, text: string) => void
  onBranch?: (messageId: string) => void
}) {
  const [editing, setEditing] = useState(false)
  const id = useId()
  const text = messageText(message)
  const assistant = message.role === 'assistant'
  const parts = message.parts.filter(
    (part) => (part.type === 'text' || part.type === 'file' || (assistant && part.type === 'reasoning' && part.text.trim()) || isToolPart(part)) && !(isToolPart(part) && hiddenToolCallIds?.has(part.toolCallId))
  )
  if (message.role === 'system' || (parts.length === 0 && !streaming)) return null
  const stopped = assistant && !streaming && wasStopped(message)
  return (
    // Focusable by a tap (not by Tab), so that its actions show on a touch screen too.
    <li className={`fb-message fb-message-${message.role}`} aria-labelledby={`${id}-author`} aria-busy={streaming || undefined} tabIndex={-1}>
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
              if (!assistant) return <div key={index} className="fb-message-text">{part.text}</div>
              return <MarkdownText key={index} text={part.text} streaming={part.state === 'streaming'} />
            }
            if (part.type === 'reasoning') {
              return (
                <details key={index} className="fb-reasoning">
                  <summary>{part.state === 'streaming' ? 'Thinking…' : 'Reasoning'}</summary>
                  <MarkdownText text={part.text} streaming={part.state === 'streaming'} />
                </details>
              )
            }
            if (part.type === 'file') {
              return (
                <a key={index} className="fb-message-file" href={part.url} target="_blank" rel="noopener noreferrer">
                  {part.filename ?? part.mediaType}
                </a>
              )
            }
            if (isToolPart(part)) return <ToolPart key={part.toolCallId} part={part} />
            return null
          })}
          {replying && awaitsText(message.parts) ? <TypingIndicator label="Replying…" visible /> : null}
          {stopped ? (
            <p className="fb-stopped" role="note">
              Stopped
            </p>
          ) : null}
        </div>
      )}
      {!editing && !streaming && text ? (
        <div className="fb-message-actions">
          <CopyMessageAction text={text} />
          {message.role === 'user' && onEdit ? <EditMessageAction onEdit={() => setEditing(true)} /> : null}
          {assistant && onBranch ? <BranchMessageAction onBranch={() => onBranch(message.id)} /> : null}
        </div>
      ) : null}
    </li>
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
        if (!isBlankText(value)) onSave(value)
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
        <button type="submit" className="fb-button fb-button-primary" disabled={isBlankText(value)}>
          Save and run again
        </button>
      </div>
    </form>
  )
}
