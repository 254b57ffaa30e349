import { type FormEvent, useEffect, useRef, useState } from 'react'

/**
 * Props of {@link Composer}: `onSend(text)`; `busy` (a turn runs: Stop shows, and a message sent
 * now waits in the queue); `onStop`; `placeholder` (default "Message"); `restore`: text to put
 * back in the field when it is empty (a message that never reached the server).
 */
export type ComposerProps = { onSend: (text: string) => void; busy?: boolean; onStop?: () => void; placeholder?: string; restore?: string | null }

/**
 * Where a person writes: Enter sends, Shift+Enter adds a line; Stop while a reply runs. It takes
 * the focus when it appears and nothing else has it (after a docked card was answered, say).
 */
export function Composer({ onSend, busy, onStop, placeholder = 'Message', restore }: ComposerProps) {
  const [text, setText] = useState('')
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) field.current?.focus()
  }, [])
  useEffect(() => {
    if (restore) setText((current) => (current.trim() ? current : restore))
  }, [restore])
  const send = (event?: FormEvent) => {
    event?.preventDefault()
    if (!text.trim()) return
    onSend(text)
    setText('')
  }
  return (
    <form className="fb-composer" onSubmit={send}>
      {busy && text.trim() ? <span className="fb-muted fb-composer-note">Sends when the reply ends</span> : null}
      <textarea
        ref={field}
        className="fb-composer-input"
        aria-label="Message"
        placeholder={placeholder}
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event)
        }}
      />
      <div className="fb-composer-actions">
        {busy && onStop ? (
          <button type="button" className="fb-button" onClick={onStop}>
            Stop
          </button>
        ) : null}
        <button type="submit" className="fb-button fb-button-primary" disabled={!text.trim()}>
          Send
        </button>
      </div>
    </form>
  )
}
