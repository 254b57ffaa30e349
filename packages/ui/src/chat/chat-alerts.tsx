/** An error for a person, above the composer; `onRetry` adds a Retry button, `onClose` one that dismisses it. */
export function ChatAlert({ message, onRetry, onClose }: { message: string; onRetry?: () => void; onClose?: () => void }) {
  return (
    <div className="fb-alert" role="alert">
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="fb-button fb-button-small" onClick={onRetry}>
          Retry
        </button>
      ) : null}
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
