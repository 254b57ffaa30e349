import { CopyButton } from './copy-button.tsx'

/** Copies a message's text (its Markdown, as written) to the clipboard; says "Copied" for a moment. */
export function CopyMessageAction({ text }: { text: string }) {
  return <CopyButton text={text} />
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
