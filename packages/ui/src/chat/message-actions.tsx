import { useState } from 'react'

/** Copies a message's text to the clipboard; says "Copied" for a moment. */
export function CopyMessageAction({ text }: { text: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <button
      type="button"
      className="fb-button fb-button-link"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text)
          setCopied(true)
          setTimeout(() => setCopied(false), 1500)
        } catch {
          setCopied(false)
        }
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  )
}

/** Opens the editor of a user message (web chats only; the turn runs again from there). */
export function EditMessageAction({ onEdit, disabled }: { onEdit: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="fb-button fb-button-link" onClick={onEdit} disabled={disabled}>
      Edit
    </button>
  )
}

/** Copies the chat up to this message into a new private chat. */
export function BranchMessageAction({ onBranch, disabled }: { onBranch: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="fb-button fb-button-link" onClick={onBranch} disabled={disabled}>
      Branch
    </button>
  )
}
