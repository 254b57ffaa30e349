import { useEffect, useId, useRef, useState } from 'react'

/**
 * Asks for an optional reason before dismissing a waiting call (README: "Your own client tools": the reason is stored and
 * the model reads `Dismissed by the user. Reason: …`). Enter confirms, Shift+Enter adds a line,
 * Escape goes back to the card.
 */
export function DismissPanel({ onDismiss, onCancel }: { onDismiss: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('')
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => field.current?.focus(), [])
  return (
    <div className="fb-dismiss" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-reason`} className="fb-dismiss-label">
        Why dismiss? <span className="fb-muted">(optional)</span>
      </label>
      <textarea
        id={`${id}-reason`}
        ref={field}
        className="fb-textarea"
        rows={2}
        maxLength={1000}
        value={reason}
        placeholder="Tell the agent why, if you like"
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          event.stopPropagation()
          if (event.key === 'Escape') onCancel()
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault()
            onDismiss(reason)
          }
        }}
      />
      <div className="fb-card-footer">
        <button type="button" className="fb-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="fb-button fb-button-danger" onClick={() => onDismiss(reason)}>
          Dismiss
        </button>
      </div>
    </div>
  )
}
