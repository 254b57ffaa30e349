import { useEffect, useId, useRef, useState } from 'react'

/**
 * Asks for an optional reason before dismissing a waiting call (docs/chat/client-tools.md: the reason is stored and
 * the model reads `Dismissed by the user. Reason: …`). Enter confirms, Shift+Enter adds a line,
 * Escape goes back to the card. The approval card asks the same before a denial: `question`,
 * `confirm` and `placeholder` name it; `reason` and `onReasonChange` keep the text with the
 * card's draft; `autoFocus: false` leaves the focus where it is (a card restored while the person
 * types elsewhere).
 */
export function DismissPanel({
  onDismiss,
  onCancel,
  question = 'Why dismiss?',
  confirm = 'Dismiss',
  placeholder = 'Tell the agent why, if you like',
  reason: kept,
  onReasonChange,
  autoFocus = true
}: {
  onDismiss: (reason: string) => void
  onCancel: () => void
  question?: string
  confirm?: string
  placeholder?: string
  reason?: string
  onReasonChange?: (reason: string) => void
  autoFocus?: boolean
}) {
  const [own, setOwn] = useState(kept ?? '')
  const reason = kept ?? own
  const setReason = (text: string) => {
    setOwn(text)
    onReasonChange?.(text)
  }
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (autoFocus) field.current?.focus()
  }, [])
  return (
    <div className="fb-dismiss" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-reason`} className="fb-dismiss-label">
        {question} <span className="fb-muted">(optional)</span>
      </label>
      <textarea
        id={`${id}-reason`}
        ref={field}
        className="fb-textarea"
        rows={2}
        maxLength={1000}
        value={reason}
        placeholder={placeholder}
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
          {confirm}
        </button>
      </div>
    </div>
  )
}
