import type { ChatSummary } from '@frogbotai/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'

/** How often the list of chats is read again, so badges follow answers given elsewhere. */
export const CHAT_LIST_POLL_MS = 3000

/**
 * The signed-in user's chats, newest first, as `GET /api/chats` returns them (storage is the
 * source of truth: the "waiting" badges are the stored chat states). Read again every
 * {@link CHAT_LIST_POLL_MS} and whenever `refresh()` is called; calls that come together (a page
 * load, a route change) make one request, and a call during a request makes one more after it.
 * A `401` (the session ended) calls `onSignedOut`. `error` says why the last read failed;
 * `unreachable` when the server did not answer at all.
 */
export function useChatList(onSignedOut: () => void): { chats: ChatSummary[] | null; error: string | null; unreachable: boolean; refresh: () => void } {
  const [chats, setChats] = useState<ChatSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [unreachable, setUnreachable] = useState(false)
  const state = useRef({ scheduled: false, inFlight: false, again: false })
  const signedOut = useRef(onSignedOut)
  signedOut.current = onSignedOut

  const load = useCallback(async () => {
    const flags = state.current
    flags.inFlight = true
    try {
      const response = await fetch('/api/chats?limit=50', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      if (response.status === 401) return signedOut.current()
      if (!response.ok) throw new Error(`The chats could not be read (${response.status}).`)
      const body = (await response.json()) as { chats: ChatSummary[] }
      setChats(body.chats)
      setError(null)
      setUnreachable(false)
    } catch (failure) {
      const offline = failure instanceof TypeError
      setUnreachable(offline)
      setError(offline ? "Can't reach the server; the list catches up once it is back." : failure instanceof Error ? failure.message : String(failure))
    } finally {
      flags.inFlight = false
      if (flags.again) {
        flags.again = false
        void load()
      }
    }
  }, [])

  const refresh = useCallback(() => {
    const flags = state.current
    if (flags.inFlight) {
      flags.again = true
      return
    }
    if (flags.scheduled) return
    flags.scheduled = true
    queueMicrotask(() => {
      flags.scheduled = false
      void load()
    })
  }, [load])

  useEffect(() => {
    refresh()
    const timer = setInterval(refresh, CHAT_LIST_POLL_MS)
    return () => clearInterval(timer)
  }, [refresh])
  return { chats, error, unreachable, refresh }
}
