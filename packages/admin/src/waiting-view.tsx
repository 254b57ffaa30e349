import { CallFacts } from '@frogbotai/ui/chat'
import type { InboxCall } from '@frogbotai/protocol'
import { type MouseEvent, useEffect } from 'react'
import { pathOf, type Route } from './routes.ts'
import { askForNotifications, callLine } from './use-waiting.ts'

/** How long ago `at` was, for a row: "just now", "5 min ago", "3 h ago", "2 days ago". */
export function agoText(at: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(at)) / 60_000)
  if (!(minutes >= 1)) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ago`
  return `${Math.floor(minutes / 1440)} days ago`
}

/** The route that opens a waiting call: its chat, at its card. */
export const callRoute = (call: InboxCall): Route => ({ page: 'chat', agent: call.agentSlug, chatId: call.chatId, call: call.toolCallId })

/**
 * "Waiting for you": every call the signed-in person may answer, newest first (`GET
 * /api/pending`), each a row with its chat's title, its agent, what it asks, how long ago, who is
 * asked and when it expires; a row opens the chat at the call's card. Opening the view asks,
 * once, whether the browser may notify of new calls while the tab is hidden.
 */
export function WaitingView({ calls, error, agentName, onOpen }: { calls: InboxCall[] | null; error: string | null; agentName: (slug: string) => string; onOpen: (route: Route, event: MouseEvent<HTMLElement>) => void }) {
  useEffect(askForNotifications, [])
  if (calls === null) return error ? <p role="alert" className="admin-error">{error}</p> : <p className="admin-loading">Loading…</p>
  return (
    <section className="admin-waiting" aria-labelledby="admin-waiting-title">
      <h2 id="admin-waiting-title" className="admin-waiting-heading">
        {calls.length === 0 ? 'Nothing is waiting for you.' : `${calls.length} waiting for your answer`}
      </h2>
      {error ? (
        <p role="status" className="admin-hint">
          {error}
        </p>
      ) : null}
      <ul className="admin-waiting-list">
        {calls.map((call) => (
          <li key={`${call.chatId}/${call.toolCallId}`}>
            <a className="admin-waiting-row" href={pathOf(callRoute(call))} onClick={(event) => onOpen(callRoute(call), event)}>
              <span className="admin-waiting-top">
                <strong className="admin-waiting-title">{call.title ?? 'Untitled chat'}</strong>
                <span className="admin-waiting-kind">{call.kind === 'approval' ? 'Approval' : call.kind === 'question' ? 'Question' : call.kind}</span>
              </span>
              <span className="admin-waiting-line">{callLine(call)}</span>
              <span className="admin-waiting-meta">
                {agentName(call.agentSlug)} · <time dateTime={call.createdAt}>{agoText(call.createdAt)}</time>
              </span>
              <CallFacts call={call} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
