import { ChatApiError, useChatContext } from '@frogbotai/ui/chat'
import { type ChatSummary, isBlankText } from '@frogbotai/protocol'
import { type FormEvent, useEffect, useRef, useState } from 'react'

const failureText = (failure: unknown) => (ChatApiError.isInstance(failure) ? failure.message : 'Could not reach the server.')

/**
 * The open chat's title and what can be done with the chat: Rename (the title becomes a field:
 * Enter saves, Escape cancels), Delete (asked once more), Branch chat; at phone width behind a
 * "Chat actions" button. A channel conversation is renamed and deleted only in its channel, so it
 * offers Branch alone; a chat of someone else's, opened because a call in it asks this person
 * (`askedOnly`), offers nothing. `onProblem` shows a refusal.
 */
export function ChatTitleBar({
  agent,
  chatId,
  title,
  chat,
  askedOnly = false,
  onChanged,
  onDeleted,
  onBranched,
  onProblem
}: {
  agent: string
  chatId: string
  title: string
  chat: ChatSummary | undefined
  askedOnly?: boolean
  onChanged: () => void
  onDeleted: () => void
  onBranched: (chat: ChatSummary) => void
  onProblem: (message: string | null) => void
}) {
  const { adapter } = useChatContext()
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view')
  const [draft, setDraft] = useState(title)
  const [menuOpen, setMenuOpen] = useState(false)
  const compact = useCompact()
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    setMode('view')
    setMenuOpen(false)
  }, [chatId])
  useEffect(() => {
    if (mode === 'rename') field.current?.select()
  }, [mode])
  const rename = async (event: FormEvent) => {
    event.preventDefault()
    if (isBlankText(draft)) return
    try {
      await adapter.renameChat(agent, chatId, draft)
      onProblem(null)
      setMode('view')
      onChanged()
    } catch (failure) {
      onProblem(failureText(failure))
    }
  }
  const remove = async () => {
    try {
      await adapter.deleteChat(agent, chatId)
      onProblem(null)
      onDeleted()
    } catch (failure) {
      setMode('view')
      onProblem(failureText(failure))
    }
  }
  const branch = async () => {
    try {
      const { chat: copy } = await adapter.branch(agent, chatId)
      onProblem(null)
      onBranched(copy)
    } catch (failure) {
      onProblem(failureText(failure))
    }
  }

  if (mode === 'rename') {
    return (
      <form className="admin-title-form" onSubmit={rename}>
        <input
          ref={field}
          className="admin-title-input"
          aria-label="Chat title"
          maxLength={80}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && setMode('view')}
        />
        <button type="submit" className="admin-button admin-button-primary" disabled={isBlankText(draft)}>
          Save
        </button>
        <button type="button" className="admin-button" onClick={() => setMode('view')}>
          Cancel
        </button>
      </form>
    )
  }
  const writable = chat !== undefined && chat.channel === null
  const actions = (
    <>
      {writable ? (
        <>
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              setDraft(title)
              setMenuOpen(false)
              setMode('rename')
            }}
          >
            Rename
          </button>
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              setMenuOpen(false)
              setMode('delete')
            }}
          >
            Delete
          </button>
        </>
      ) : null}
      <button type="button" className="admin-button" onClick={() => void branch()}>
        Branch chat
      </button>
    </>
  )
  if (askedOnly) return <h1 className="admin-title">{title}</h1>
  return (
    <>
      <h1 className="admin-title">{title}</h1>
      {mode === 'delete' ? (
        <span className="admin-confirm" role="group" aria-label="Delete this chat?">
          <span>Delete this chat?</span>
          <button type="button" className="admin-button admin-button-danger" onClick={() => void remove()}>
            Delete
          </button>
          <button type="button" className="admin-button" onClick={() => setMode('view')}>
            Cancel
          </button>
        </span>
      ) : compact ? (
        <span className="admin-actions-menu">
          <button type="button" className="admin-button" aria-label="Chat actions" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
            ⋯
          </button>
          {menuOpen ? <span className="admin-actions-popover">{actions}</span> : null}
        </span>
      ) : (
        <span className="admin-title-actions">{actions}</span>
      )}
    </>
  )
}

/** Whether the page is as narrow as a phone (the width at which the list of chats becomes a drawer). */
function useCompact(): boolean {
  const query = '(max-width: 48rem)'
  const [compact, setCompact] = useState(() => window.matchMedia(query).matches)
  useEffect(() => {
    const list = window.matchMedia(query)
    const update = () => setCompact(list.matches)
    list.addEventListener('change', update)
    return () => list.removeEventListener('change', update)
  }, [])
  return compact
}
