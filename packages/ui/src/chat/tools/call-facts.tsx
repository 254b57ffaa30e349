import { assigneesText, escalationText, expiresInText, type PendingCall } from '@frogbotai/protocol'
import { useContext, useEffect, useState } from 'react'
import { ChatContext } from '../chat-context.ts'

/** The time now, again every `everyMs` while mounted, and at `at` (an ISO time) when it is still to come. */
function useNow(everyMs: number, at?: string): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    const left = at ? Date.parse(at) - Date.now() : Number.NaN
    // Timers past about 24 days fire at once: the interval covers those.
    const exact = left > 0 && left < 2 ** 31 - 1 ? setTimeout(() => setNow(Date.now()), left + 50) : undefined
    return () => {
      clearInterval(timer)
      clearTimeout(exact)
    }
  }, [everyMs, at])
  return now
}

/** "Expires in 2 h" (the exact time on hover), kept current, and "Expired" from the moment it passes. */
export function ExpiresNote({ expiresAt }: { expiresAt: string }) {
  const now = useNow(30_000, expiresAt)
  const text = expiresInText(expiresAt, now)
  if (!text) return null
  const exact = new Date(expiresAt)
  return (
    <p className={text === 'expired' ? 'fb-hint fb-approval-expires fb-hint-warning' : 'fb-hint fb-approval-expires'} data-expired={text === 'expired' || undefined}>
      <time dateTime={expiresAt} title={exact.toLocaleString()}>
        {text.charAt(0).toUpperCase() + text.slice(1)}
      </time>
    </p>
  )
}

/**
 * What a waiting call's card says of the call itself (docs/chat/reach-people.md): who is asked
 * ("Waiting for Dana", the full list on hover), whether it was escalated ("Escalated to
 * lead@example.com after 4 h") and when it expires ("Expires in 2 h"). Nothing for a call without any.
 */
export function CallFacts({ call }: { call?: PendingCall }) {
  const chat = useContext(ChatContext)
  const user = chat?.manifest.status === 'ready' ? chat.manifest.manifest.user : null
  const asks = assigneesText(call?.assignees, user)
  const escalated = call ? escalationText(call) : null
  if (!asks && !escalated && !call?.expiresAt) return null
  return (
    <div className="fb-call-facts">
      {asks ? (
        <p className="fb-hint fb-call-assignees" title={call!.assignees!.join(', ')}>
          {asks}
        </p>
      ) : null}
      {escalated ? <p className="fb-hint fb-call-escalated">{escalated}</p> : null}
      {call?.expiresAt ? <ExpiresNote expiresAt={call.expiresAt} /> : null}
    </div>
  )
}
