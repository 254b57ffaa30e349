import type { ChatSummary } from '@frogbotai/protocol'
import type { MouseEvent } from 'react'
import { fullTime, groupChats, shortTime } from './chat-dates.ts'
import { pathOf, type Route } from './routes.ts'

/**
 * The list of chats, newest first, under headings by day ("Today", "Yesterday", …): each with its
 * title, agent (and channel), when it last changed, and a badge while it waits for an answer.
 */
export function ChatLinks({
  chats,
  current,
  agentName,
  go
}: {
  chats: ChatSummary[] | null
  current: string | null
  agentName: (slug: string) => string
  go: (route: Route) => (event: MouseEvent<HTMLAnchorElement>) => void
}) {
  if (chats === null) return <p className="admin-muted admin-pad">Loading chats…</p>
  if (chats.length === 0) return <p className="admin-muted admin-pad">No chats yet.</p>
  const now = new Date()
  return (
    <div className="admin-chat-list">
      {groupChats(chats, now).map((group) => (
        <section key={group.label} className="admin-chat-group" aria-label={group.label}>
          <h2 className="admin-chat-group-title">{group.label}</h2>
          <ul>
            {group.chats.map((chat) => {
              const route: Route = { page: 'chat', agent: chat.agentSlug, chatId: chat.id }
              return (
                <li key={chat.id}>
                  <a className="admin-chat-link" href={pathOf(route)} aria-current={chat.id === current ? 'page' : undefined} onClick={go(route)}>
                    <span className="admin-chat-title">{chat.title ?? 'New chat'}</span>
                    <span className="admin-chat-meta">
                      <span className="admin-chat-agent">
                        {agentName(chat.agentSlug)}
                        {chat.channelLabel ? ` · ${chat.channelLabel}` : ''}
                      </span>
                      <time dateTime={chat.updatedAt} title={fullTime(chat.updatedAt)}>
                        {shortTime(chat.updatedAt, now)}
                      </time>
                    </span>
                    {chat.state === 'awaiting' ? <span className="admin-badge">Waiting for an answer</span> : chat.state === 'running' ? <span className="admin-chat-meta">Replying…</span> : null}
                  </a>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </div>
  )
}
