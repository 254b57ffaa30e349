import { useChat } from '@ai-sdk/react'
import { Chat, useChatSession, useSignIn } from '@frogbotai/ui/chat'
import type { AgentSummary, ChatSummary, Manifest } from '@frogbotai/protocol'
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react'
import { AgentPicker } from './agent-picker.tsx'
import { ChatLinks } from './chat-links.tsx'
import { useChatList } from './chat-list.ts'
import { ChatTitleBar } from './chat-title-bar.tsx'
import { navigate, pathOf, type Route, useRoute } from './routes.ts'

/** The signed-in admin chat: the list of chats beside the open chat (a drawer at phone width). */
export function AdminLayout({ manifest, onSignedOut }: { manifest: Manifest; onSignedOut: () => Promise<void> }) {
  const { signOut } = useSignIn()
  const route = useRoute()
  const { chats, error, unreachable, refresh } = useChatList(useCallback(() => void onSignedOut(), [onSignedOut]))
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
  const openChat = route.page === 'chat' ? chats?.find((chat) => chat.id === route.chatId) : undefined

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
        {/* The open chat tells of a lost server itself: one error at a time. */}
        {error && unreachable ? (
          route.page === 'chat' ? null : (
            <p role="status" className="admin-muted admin-pad">
              {error}
            </p>
          )
        ) : error ? (
          <p role="alert" className="admin-error">
            {error}
          </p>
        ) : null}
        <ChatLinks chats={chats} current={route.page === 'chat' ? route.chatId : null} agentName={agentName} go={go} />
        <div className="admin-sidebar-foot">
          <span className="admin-user" title={manifest.user?.email}>
            {manifest.user?.name ?? manifest.user?.email}
          </span>
          <button
            type="button"
            className="admin-button"
            onClick={async () => {
              navigate({ page: 'home' }, { replace: true })
              await signOut()
            }}
          >
            Sign out
          </button>
        </div>
      </nav>
      <main className="admin-main" id="admin-main">
        <header className="admin-topbar">
          <button type="button" className="admin-button admin-menu-button" aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
            Chats{waiting > 0 ? ` (${waiting})` : ''}
          </button>
          {route.page === 'chat' ? (
            <ChatTitleBar
              agent={route.agent}
              chatId={route.chatId}
              title={openChat?.title ?? agentName(route.agent)}
              chat={openChat}
              onChanged={refresh}
              onDeleted={() => {
                navigate({ page: 'home' }, { replace: true })
                refresh()
              }}
              onBranched={(chat: ChatSummary) => navigate({ page: 'chat', agent: chat.agentSlug, chatId: chat.id })}
              onProblem={setProblem}
            />
          ) : (
            <h1 className="admin-title">{route.page === 'new' && route.agent ? `New chat with ${agentName(route.agent)}` : 'New chat'}</h1>
          )}
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
 * and the tab title follow at once (the list is otherwise read every few seconds); a new chat
 * joins it once stored. An existing chat's first read is no change: the list was read with the page.
 */
function ChatStateWatcher({ agent, chatId, onChange }: { agent: string; chatId: string; onChange: () => void }) {
  const { session, snapshot } = useChatSession(agent, chatId)
  const { status } = useChat({ chat: session.chat })
  // `null` until an existing chat's first read; a chat that is new here is `new` until stored.
  const state = snapshot.summary ? `${snapshot.summary.state}|${snapshot.pending.length}|${status}` : snapshot.loaded ? 'new' : null
  const previous = useRef(state)
  useEffect(() => {
    const before = previous.current
    previous.current = state
    if (before !== null && state !== before) onChange()
  }, [state, onChange])
  return null
}

/** An agent's name as its profile gives it, else its slug. */
export function profileName(agent: AgentSummary | undefined, slug: string): string {
  return agent?.profile?.name ?? slug
}
