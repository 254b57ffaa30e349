import { type FormEvent, useEffect, useRef, useState } from 'react'

/**
 * Props of {@link Composer}: `onSend(text)`; `busy` (a turn runs: Stop shows, and a message sent
 * now waits in the queue); `onStop`; `placeholder` (default "Message").
 */
export type ComposerProps = { onSend: (text: string) => void; busy?: boolean; onStop?: () => void; placeholder?: string }

/**
 * Where a person writes: Enter sends, Shift+Enter adds a line; Stop while a reply runs. It takes
 * the focus when it appears and nothing else has it (after a docked card was answered, say).
 */
export function Composer({ onSend, busy, onStop, placeholder = 'Message' }: ComposerProps) {
  const [text, setText] = useState('')
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) field.current?.focus()
  }, [])
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
