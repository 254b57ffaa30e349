/**
 * What a card says under its controls: `error`, the server's refusal or a value the form could not
 * read (announced at once, `role="alert"`), and `hint`, a word for the person before they send
 * (`role="status"`); each only when given.
 */
export function CardNotes({ error, hint }: { error?: string | null; hint?: string | null }) {
  return (
    <>
      {error ? (
        <p className="fb-card-error" role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="fb-hint fb-hint-warning" role="status">
          {hint}
        </p>
      ) : null}
    </>
  )
}
