/** An error for a person, above the composer; `onClose` adds a button that dismisses it. */
export function ChatAlert({ message, onClose }: { message: string; onClose?: () => void }) {
  return (
    <div className="fb-alert" role="alert">
      <span>{message}</span>
      {onClose ? (
        <button type="button" className="fb-button fb-button-link" aria-label="Close message" onClick={onClose}>
          ×
        </button>
      ) : null}
    </div>
  )
}

/** The one message while the server cannot be reached: it is being asked again, and `onRetry` asks now. */
export function ConnectionAlert({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="fb-alert fb-alert-connection" role="alert">
      <span>
        <span className="fb-spinner" aria-hidden="true" /> Can't reach the server. Trying again…
      </span>
      <button type="button" className="fb-button fb-button-link" onClick={onRetry}>
        Retry now
      </button>
    </div>
  )
}
