import { isBlankText } from '@frogbotai/protocol'
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react'

/**
 * Props of {@link Composer}: `onSend(text)`; `busy` (a turn runs: Stop shows, and a message sent
 * now waits in the queue); `onStop`; `placeholder` (default "Message"); `restore`: text to put
 * back in the field when it is empty (a message that never reached the server); `initialText`
 * and `onTextChange(text)`: what the field holds, kept elsewhere while the composer is hidden;
 * `onHidden(typing)`: whether the person was writing in the field (it had the focus and some text)
 * when the composer went (a docked card hides it); called with `false` when it shows.
 */
export type ComposerProps = {
  onSend: (text: string) => void
  busy?: boolean
  onStop?: () => void
  placeholder?: string
  restore?: string | null
  initialText?: string
  onTextChange?: (text: string) => void
  onHidden?: (typing: boolean) => void
}

/**
 * Where a person writes: Enter sends, Shift+Enter adds a line; Stop while a reply runs. Send is
 * enabled once the text shows something: only white space, invisible (zero-width, bidi
 * controls…) or control characters is blank, the server's rule (`isBlankText`). It takes the
 * focus when it appears and nothing else has it (after a docked card was answered, say).
 */
export function Composer({ onSend, busy, onStop, placeholder = 'Message', restore, initialText = '', onTextChange, onHidden }: ComposerProps) {
  const [text, setTextState] = useState(initialText)
  const field = useRef<HTMLTextAreaElement>(null)
  const hidden = useRef(onHidden)
  hidden.current = onHidden
  const setText = (value: string) => {
    setTextState(value)
    onTextChange?.(value)
  }
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) field.current?.focus()
  }, [])
  const written = useRef(text)
  written.current = text
  useLayoutEffect(() => {
    hidden.current?.(false)
    // Runs before the field leaves the page, while it still has the focus it had.
    return () => hidden.current?.(document.activeElement === field.current && written.current.trim() !== '')
  }, [])
  useEffect(() => {
    if (restore && isBlankText(text)) setText(restore)
  }, [restore])
  const send = (event?: FormEvent) => {
    event?.preventDefault()
    if (isBlankText(text)) return
    onSend(text)
    setText('')
  }
  return (
    <form className="fb-composer" onSubmit={send}>
      {busy && !isBlankText(text) ? (
        <span className="fb-muted fb-composer-note">Sends when the reply ends</span>
      ) : null}
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
        <button type="submit" className="fb-button fb-button-primary" disabled={isBlankText(text)}>
          Send
        </button>
      </div>
    </form>
  )
}
