import { useCallback, useEffect, useState } from 'react'

/** Told by {@link useChatIdInUrl} when it changes the address, so that every one of them in the page follows. */
const CHANGED = 'frogbot:chat-url'

const read = (param: string) => (typeof window === 'undefined' ? undefined : (new URLSearchParams(window.location.search).get(param) ?? undefined))

/**
 * The chat open in the page's address (docs/ui/overview.md): `?chat=<id>` (or the query
 * parameter `param`), so that a reload, a bookmark or a link opens the same chat, with its waiting
 * question. Returns the id (`undefined`: a new chat) and `setChatId(id)` to open another
 * (`undefined`: a new chat). Opening a chat adds a history entry (Back returns to the one before),
 * except when the page showed a new chat: its first message names it in place. Follows Back and
 * Forward, and other uses of the hook in the page.
 *
 * ```tsx
 * const [chatId, setChatId] = useChatIdInUrl()
 * <ChatList agent="planner" selectedChatId={chatId} onSelect={(chat) => setChatId(chat.id)} />
 * <Chat agent="planner" chatId={chatId} onChatIdChange={setChatId} />
 * ```
 */
export function useChatIdInUrl({ param = 'chat' }: { param?: string } = {}): [string | undefined, (chatId: string | undefined) => void] {
  const [chatId, setState] = useState(() => read(param))
  useEffect(() => {
    const follow = () => setState(read(param))
    window.addEventListener('popstate', follow)
    window.addEventListener(CHANGED, follow)
    return () => {
      window.removeEventListener('popstate', follow)
      window.removeEventListener(CHANGED, follow)
    }
  }, [param])
  const setChatId = useCallback(
    (next: string | undefined) => {
      const url = new URL(window.location.href)
      const current = url.searchParams.get(param) ?? undefined
      if (current === next) return
      if (next === undefined) url.searchParams.delete(param)
      else url.searchParams.set(param, next)
      window.history[current === undefined ? 'replaceState' : 'pushState'](window.history.state, '', url)
      window.dispatchEvent(new Event(CHANGED))
    },
    [param]
  )
  return [chatId, setChatId]
}
