/**
 * Replaces the composer of a chat the person reads only because a call in it asks them
 * (docs/chat/reach-people.md, "Who is asked"): they answer its cards, and only its owner writes in it.
 */
export function AskedNotice() {
  return (
    <div className="fb-notice" role="note">
      <p className="fb-notice-text">
        <strong>You were asked in this chat.</strong> Answer its questions here; only its owner writes in it.
      </p>
    </div>
  )
}
