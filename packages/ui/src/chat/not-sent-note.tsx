/** Under a card whose answer did not reach the server: "Not sent — Retry" (it is sent again once the server answers). */
export function NotSentNote({ onRetry }: { onRetry?: () => void }) {
  return (
    <p className="fb-tool-note fb-not-sent" role="status">
      <span>Not sent</span>
      {onRetry ? (
        <>
          {' — '}
          <button type="button" className="fb-button fb-button-link" onClick={onRetry}>
            Retry
          </button>
        </>
      ) : null}
    </p>
  )
}
