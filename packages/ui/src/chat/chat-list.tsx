import type { ChatSummary } from '@frogbotai/protocol'
import type { MouseEvent, ReactNode } from 'react'
import { fullTime, groupChats, shortTime } from './chat-dates.ts'
import { useChatList, useChatManifest } from './chat-context.ts'

/**
 * Props of {@link ChatList}:
 * - `agent`: only the chats with this agent (default: every agent the caller may use);
 * - `selectedChatId`: the chat shown beside the list (marked `aria-current`);
 * - `onSelect(chat, event)`: a chat was picked (with `hrefFor`, a plain click: call
 *   `event.preventDefault()` to open it without a page load);
 * - `hrefFor(chat)`: each chat is a link to this address (default: a button);
 * - `empty`: what shows while the caller has no chat (default "No chats yet.");
 * - `className`: added to the root element.
 */
export type ChatListProps = {
  agent?: string
  selectedChatId?: string | null
  onSelect?: (chat: ChatSummary, event: MouseEvent<HTMLElement>) => void
  hrefFor?: (chat: ChatSummary) => string
  empty?: ReactNode
  className?: string
}

/**
 * The signed-in caller's chats, newest first, under headings by day ("Today", "Yesterday",
 * "Previous 7 days", …), each with its title, agent (and channel), when it last changed, and a
 * "Waiting for an answer" badge while a question waits in it (docs/ui/overview.md): how a person
 * finds a waiting question again after a reload or on another device. The list is the server's
 * (`GET /api/chats`, storage is the truth): read when it shows, every 3 seconds while it is
 * visible, and whenever a chat of the same `ChatProvider` starts a turn, waits or ends. Nobody
 * signed in: nothing.
 */
export function ChatList({ agent, selectedChatId, onSelect, hrefFor, empty, className }: ChatListProps) {
  const manifest = useChatManifest()
  const signedIn = manifest.status === 'ready' && manifest.manifest.user !== null
  const list = useChatList({ agent })
  const agentName = (slug: string) => (manifest.status === 'ready' ? manifest.manifest.agents.find((summary) => summary.slug === slug)?.profile?.name : undefined) ?? slug
  const root = className ? `fb-chat-list ${className}` : 'fb-chat-list'
  if (!signedIn || list.signedOut) return null
  const problem = list.error ? (
    <p className={list.unreachable ? 'fb-chat-list-note' : 'fb-chat-list-note fb-chat-list-error'} role={list.unreachable ? 'status' : 'alert'}>
      {list.error}
    </p>
  ) : null
  if (list.chats === null) return <div className={root}>{problem ?? <p className="fb-chat-list-note">Loading chats…</p>}</div>
  if (list.chats.length === 0) return <div className={root}>{problem}{<p className="fb-chat-list-note">{empty ?? 'No chats yet.'}</p>}</div>
  const now = new Date()
  return (
    <div className={root}>
      {problem}
      {groupChats(list.chats, now).map((group) => (
        <section key={group.label} className="fb-chat-list-group" aria-label={group.label}>
          <h2 className="fb-chat-list-day">{group.label}</h2>
          <ul>
            {group.chats.map((chat) => {
              const content = (
                <>
                  <span className="fb-chat-list-title">{chat.title ?? 'New chat'}</span>
                  <span className="fb-chat-list-meta">
                    <span className="fb-chat-list-agent">
                      {agentName(chat.agentSlug)}
                      {chat.channelLabel ? ` · ${chat.channelLabel}` : ''}
                    </span>
                    <time dateTime={chat.updatedAt} title={fullTime(chat.updatedAt)}>
                      {shortTime(chat.updatedAt, now)}
                    </time>
                  </span>
                  {chat.state === 'awaiting' ? <span className="fb-badge">Waiting for an answer</span> : chat.state === 'running' ? <span className="fb-chat-list-meta">Replying…</span> : null}
                </>
              )
              const current = chat.id === selectedChatId ? 'page' : undefined
              return (
                <li key={chat.id}>
                  {hrefFor ? (
                    <a className="fb-chat-list-item" href={hrefFor(chat)} aria-current={current} onClick={(event) => onSelect?.(chat, event)}>
                      {content}
                    </a>
                  ) : (
                    <button type="button" className="fb-chat-list-item" aria-current={current} onClick={(event) => onSelect?.(chat, event)}>
                      {content}
                    </button>
                  )}
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </div>
  )
}
