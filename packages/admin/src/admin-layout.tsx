import { useChat } from '@ai-sdk/react'
import { Chat, ChatApiError, useChatContext, useChatSession } from '@frogbotai/ui/chat'
import type { AgentSummary, ChatSummary, Manifest } from '@frogbotai/protocol'
import { type MouseEvent, useCallback, useEffect, useState } from 'react'
import { AgentPicker } from './agent-picker.tsx'
import { useChatList } from './chat-list.ts'
import { navigate, pathOf, type Route, useRoute } from './routes.ts'

/** The signed-in admin chat: the list of chats beside the open chat (a drawer at phone width). */
export function AdminLayout({ manifest, onSignedOut }: { manifest: Manifest; onSignedOut: () => Promise<void> }) {
  const { adapter } = useChatContext()
  const route = useRoute()
  const { chats, error, refresh } = useChatList(useCallback(() => void onSignedOut(), [onSignedOut]))
  const [menuOpen, setMenuOpen] = useState(false)
  const [newChatKey, setNewChatKey] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const waiting = (chats ?? []).filter((chat) => chat.state === 'awaiting').length

  useEffect(() => {
    document.title = waiting > 0 ? `(${waiting}) FrogBot` : 'FrogBot'
  }, [waiting])
  useEffect(() => {
    setMenuOpen(false)
    setProblem(null)
    refresh()
  }, [route.page, route.page === 'chat' ? route.chatId : null, refresh])

  const go = (next: Route) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    if (next.page === 'new') setNewChatKey((key) => key + 1)
    navigate(next)
  }
  const agentName = (slug: string) => profileName(manifest.agents.find((agent) => agent.slug === slug), slug)
  const signOut = async () => {
    await adapter.logout().catch(() => {})
    navigate({ page: 'home' }, { replace: true })
    await onSignedOut()
  }

  return (
    <div className={menuOpen ? 'admin admin-menu-open' : 'admin'}>
      <a className="admin-skip" href="#admin-main">
        Skip to the chat
      </a>
      <nav className="admin-sidebar" aria-label="Chats">
        <div className="admin-sidebar-head">
          <strong className="admin-brand">FrogBot</strong>
          <a className="admin-button admin-button-primary" href={pathOf({ page: 'new' })} onClick={go({ page: 'new' })}>
            New chat
          </a>
        </div>
        {error ? (
          <p role="alert" className="admin-error">
            {error}
          </p>
        ) : null}
        <ChatLinks chats={chats} current={route.page === 'chat' ? route.chatId : null} agentName={agentName} go={go} />
        <div className="admin-sidebar-foot">
          <span className="admin-user" title={manifest.user?.email}>
            {manifest.user?.name ?? manifest.user?.email}
          </span>
          <button type="button" className="admin-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </nav>
      <main className="admin-main" id="admin-main">
        <header className="admin-topbar">
          <button type="button" className="admin-button admin-menu-button" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
            Chats{waiting > 0 ? ` (${waiting})` : ''}
          </button>
          <h1 className="admin-title">{titleOf(route, chats, agentName)}</h1>
          {route.page === 'chat' ? (
            <button
              type="button"
              className="admin-button"
              onClick={async () => {
                try {
                  const { chat } = await adapter.branch(route.agent, route.chatId)
                  setProblem(null)
                  navigate({ page: 'chat', agent: chat.agentSlug, chatId: chat.id })
                } catch (failure) {
                  setProblem(ChatApiError.isInstance(failure) ? failure.message : 'Could not reach the server.')
                }
              }}
            >
              Branch chat
            </button>
          ) : null}
        </header>
        {problem ? (
          <p role="alert" className="admin-error">
            {problem}{' '}
            <button type="button" className="admin-button" onClick={() => setProblem(null)}>
              Close
            </button>
          </p>
        ) : null}
        {route.page === 'chat' ? <ChatStateWatcher key={`${route.agent}\n${route.chatId}`} agent={route.agent} chatId={route.chatId} onChange={refresh} /> : null}
        <div className="admin-chat">
          {route.page === 'home' || (route.page === 'new' && !route.agent) ? (
            <AgentPicker agents={manifest.agents} onPick={(agent) => navigate({ page: 'new', agent })} />
          ) : (
            <Chat
              key={`${route.agent}:${newChatKey}`}
              agent={route.agent!}
              chatId={route.page === 'chat' ? route.chatId : undefined}
              onChatIdChange={(chatId) => {
                navigate({ page: 'chat', agent: route.agent!, chatId }, { replace: route.page === 'new' })
                refresh()
              }}
            />
          )}
        </div>
      </main>
    </div>
  )
}

/**
 * Reads the list of chats again whenever the open chat's turn starts, waits or ends, so its badge
 * and the tab title follow at once (the list is otherwise read every few seconds).
 */
function ChatStateWatcher({ agent, chatId, onChange }: { agent: string; chatId: string; onChange: () => void }) {
  const { session, snapshot } = useChatSession(agent, chatId)
  const { status } = useChat({ chat: session.chat })
  const state = `${snapshot.summary?.state}|${snapshot.pending.length}|${status}`
  useEffect(() => {
    onChange()
  }, [state, onChange])
  return null
}

function ChatLinks({
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
  return (
    <ul className="admin-chat-list">
      {chats.map((chat) => {
        const route: Route = { page: 'chat', agent: chat.agentSlug, chatId: chat.id }
        return (
          <li key={chat.id}>
            <a className="admin-chat-link" href={pathOf(route)} aria-current={chat.id === current ? 'page' : undefined} onClick={go(route)}>
              <span className="admin-chat-title">{chat.title ?? 'New chat'}</span>
              <span className="admin-chat-meta">
                {agentName(chat.agentSlug)}
                {chat.channelLabel ? ` · ${chat.channelLabel}` : ''}
              </span>
              {chat.state === 'awaiting' ? <span className="admin-badge">Waiting for an answer</span> : chat.state === 'running' ? <span className="admin-chat-meta">Replying…</span> : null}
            </a>
          </li>
        )
      })}
    </ul>
  )
}

function titleOf(route: Route, chats: ChatSummary[] | null, agentName: (slug: string) => string): string {
  if (route.page === 'chat') return chats?.find((chat) => chat.id === route.chatId)?.title ?? agentName(route.agent)
  if (route.page === 'new' && route.agent) return `New chat with ${agentName(route.agent)}`
  return 'New chat'
}

/** An agent's name as its profile gives it, else its slug. */
export function profileName(agent: AgentSummary | undefined, slug: string): string {
  return agent?.profile?.name ?? slug
}
