import { isBlankText, type QueuedMessage } from '@frogbotai/protocol'
import { useState } from 'react'

/**
 * The "Queued" strip above the composer: messages sent while a turn ran or a question waited,
 * oldest first, each with Edit and Remove until it starts (FrogBot's turns page). Renders nothing
 * when the queue is empty.
 */
export function QueuedStrip({ queued, onEdit, onDelete }: { queued: readonly QueuedMessage[]; onEdit?: (messageId: string, text: string) => void; onDelete?: (messageId: string) => void }) {
  if (queued.length === 0) return null
  return (
    <section className="fb-queued" aria-label="Queued messages">
      <h3 className="fb-queued-title">Queued</h3>
      <ol className="fb-queued-list">
        {queued.map((message) => (
          <QueuedItem key={message.messageId} message={message} onEdit={onEdit} onDelete={onDelete} />
        ))}
      </ol>
    </section>
  )
}

function QueuedItem({ message, onEdit, onDelete }: { message: QueuedMessage; onEdit?: (messageId: string, text: string) => void; onDelete?: (messageId: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null)
  if (draft !== null && onEdit) {
    return (
      <li className="fb-queued-item">
        <form
          className="fb-queued-editor"
          onSubmit={(event) => {
            event.preventDefault()
            if (isBlankText(draft)) return
            onEdit(message.messageId, draft)
            setDraft(null)
          }}
        >
          <input className="fb-input" aria-label="Queued message" value={draft} onChange={(event) => setDraft(event.target.value)} />
          <button type="button" className="fb-button fb-button-link" onClick={() => setDraft(null)}>
            Cancel
          </button>
          <button type="submit" className="fb-button fb-button-link" disabled={isBlankText(draft)}>
            Save
          </button>
        </form>
      </li>
    )
  }
  return (
    <li className="fb-queued-item">
      <span className="fb-queued-text">{message.text}</span>
      {onEdit ? (
        <button type="button" className="fb-button fb-button-link" onClick={() => setDraft(message.text)}>
          Edit
        </button>
      ) : null}
      {onDelete ? (
        <button type="button" className="fb-button fb-button-link" onClick={() => onDelete(message.messageId)}>
          Remove
        </button>
      ) : null}
    </li>
  )
}
