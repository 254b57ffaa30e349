import { useChatContext } from '@frogbotai/ui/chat'
import type { InboxCall } from '@frogbotai/protocol'
import { useCallback, useEffect, useRef, useState } from 'react'

/** How often the admin chat reads the calls waiting for the signed-in person, in milliseconds. */
export const WAITING_POLL_MS = 15_000

/** The calls waiting for the signed-in person (`GET /api/pending`): `null` until first read. */
export type Waiting = { calls: InboxCall[] | null; error: string | null; refresh: () => void }

/**
 * The inbox of the signed-in person (docs/chat/reach-people.md, "The inbox"), read now, every
 * {@link WAITING_POLL_MS}, and whenever `refreshKey` changes. A call that starts waiting while the
 * tab is hidden is told by a browser notification, when the person allowed them (see
 * {@link askForNotifications}); a click on it opens the call with `onOpen`.
 */
export function useWaiting(refreshKey: unknown, onOpen: (call: InboxCall) => void): Waiting {
  const { adapter } = useChatContext()
  const [calls, setCalls] = useState<InboxCall[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const seen = useRef<Set<string> | null>(null)
  const open = useRef(onOpen)
  open.current = onOpen
  const refresh = useCallback(() => {
    if (!adapter.inbox) return
    adapter.inbox({ limit: 100 }).then(
      (page) => {
        const known = seen.current
        const fresh = known ? page.pending.filter((call) => !known.has(`${call.chatId}/${call.toolCallId}`)) : []
        seen.current = new Set([...(known ?? []), ...page.pending.map((call) => `${call.chatId}/${call.toolCallId}`)])
        if (fresh.length > 0 && document.hidden) notify(fresh, (call) => open.current(call))
        setCalls(page.pending)
        setError(null)
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : 'Could not reach the server.')
    )
  }, [adapter])
  useEffect(refresh, [refresh, refreshKey])
  useEffect(() => {
    const timer = setInterval(refresh, WAITING_POLL_MS)
    const visible = () => document.visibilityState === 'visible' && refresh()
    document.addEventListener('visibilitychange', visible)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', visible)
    }
  }, [refresh])
  return { calls, error, refresh }
}

/** What a waiting call asks, in a line: a question's text, "Approve <tool>", or the tool's name. */
export function callLine(call: InboxCall): string {
  const questions = (call.input as { questions?: { question?: unknown }[] } | null)?.questions
  if (call.kind === 'approval') return `Approve ${call.toolName}`
  if (Array.isArray(questions) && typeof questions[0]?.question === 'string') return questions.length > 1 ? `${questions[0].question} (+${questions.length - 1} more)` : questions[0].question
  return call.toolName
}

/**
 * Asks the browser, once, whether this page may show notifications (the Notification API): only
 * while the person has not answered the browser's question yet.
 */
export function askForNotifications(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return
  void Notification.requestPermission().catch(() => {})
}

/** One browser notification for calls that started waiting while the tab was hidden (when allowed). */
function notify(fresh: InboxCall[], onOpen: (call: InboxCall) => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  const [first] = fresh
  const title = fresh.length === 1 ? `Waiting for you: ${first.title ?? 'a chat'}` : `${fresh.length} calls are waiting for you`
  const notice = new Notification(title, { body: callLine(first), tag: 'frogbot-waiting' })
  notice.onclick = () => {
    window.focus()
    onOpen(first)
    notice.close()
  }
}
