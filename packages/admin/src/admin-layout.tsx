import { Chat, ChatList, useChatList, useSignIn } from '@frogbotai/ui/chat'
import type { AgentSummary, ChatSummary, Manifest } from '@frogbotai/protocol'
import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { AgentPicker } from './agent-picker.tsx'
import { ChatTitleBar } from './chat-title-bar.tsx'
import { navigate, pathOf, type Route, useRoute } from './routes.ts'
import { useWaiting } from './use-waiting.ts'
import { callRoute, WaitingView } from './waiting-view.tsx'
import { useCardInView } from './use-card-in-view.ts'

/** The signed-in admin chat: the list of chats beside the open chat (a drawer at phone width). */
export function AdminLayout({ manifest, onSignedOut }: { manifest: Manifest; onSignedOut: () => Promise<void> }) {
  const { signOut } = useSignIn()
  const route = useRoute()
  // The same list as @frogbotai/ui's ChatList below: read again whenever a chat starts, waits or ends.
  const { chats, error, unreachable, signedOut, refresh } = useChatList()
  const [menuOpen, setMenuOpen] = useState(false)
  const [newChatKey, setNewChatKey] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const waiting = (chats ?? []).filter((chat) => chat.state === 'awaiting').length
  // Read again whenever the list of chats is: a chat started, waited or ended.
  const inbox = useWaiting(chats, (call) => navigate(callRoute(call)))
  const forYou = inbox.calls?.length ?? 0
  useCardInView(route.page === 'chat' ? route.call : undefined)

  useEffect(() => {
    document.title = waiting > 0 ? `(${waiting}) FrogBot` : 'FrogBot'
  }, [waiting])
  useEffect(() => {
    if (signedOut) void onSignedOut()
  }, [signedOut, onSignedOut])
  useEffect(() => {
    setMenuOpen(false)
    setProblem(null)
    refresh()
  }, [route.page, route.page === 'chat' ? route.chatId : null, refresh])

  const go = (next: Route) => (event: MouseEvent<HTMLElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    if (next.page === 'new') setNewChatKey((key) => key + 1)
    navigate(next)
  }
  const chatRoute = (chat: ChatSummary): Route => ({ page: 'chat', agent: chat.agentSlug, chatId: chat.id })
  const agentName = (slug: string) => profileName(manifest.agents.find((agent) => agent.slug === slug), slug)
  const openChat = route.page === 'chat' ? chats?.find((chat) => chat.id === route.chatId) : undefined
  // Chats of someone else's that a call asked this person in, with their titles: kept after the
  // call is answered, for the chat stays open. There they answer, nothing more.
  const askedTitles = useRef(new Map<string, string | null>())
  for (const call of inbox.calls ?? []) askedTitles.current.set(call.chatId, call.title)
  const askedIn = route.page === 'chat' && !openChat && askedTitles.current.has(route.chatId) ? { title: askedTitles.current.get(route.chatId) ?? null } : undefined

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
        <a
          className="admin-waiting-link"
          href={pathOf({ page: 'waiting' })}
          aria-current={route.page === 'waiting' ? 'page' : undefined}
          onClick={go({ page: 'waiting' })}
        >
          Waiting for you
          {forYou > 0 ? (
            <span className="admin-count" aria-label={`${forYou} waiting`}>
              {forYou > 99 ? '99+' : forYou}
            </span>
          ) : null}
        </a>
        {/* The open chat tells of a lost server itself: one error at a time. */}
        <ChatList
          className={error && unreachable && route.page === 'chat' ? 'admin-chat-list admin-quiet-errors' : 'admin-chat-list'}
          selectedChatId={route.page === 'chat' ? route.chatId : null}
          hrefFor={(chat) => pathOf(chatRoute(chat))}
          onSelect={(chat, event) => go(chatRoute(chat))(event)}
        />
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
              title={openChat?.title ?? askedIn?.title ?? agentName(route.agent)}
              chat={openChat}
              askedOnly={askedIn !== undefined}
              onChanged={refresh}
              onDeleted={() => {
                navigate({ page: 'home' }, { replace: true })
                refresh()
              }}
              onBranched={(chat: ChatSummary) => navigate({ page: 'chat', agent: chat.agentSlug, chatId: chat.id })}
              onProblem={setProblem}
            />
          ) : route.page === 'waiting' ? (
            <h1 className="admin-title">Waiting for you</h1>
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
        <div className="admin-chat">
          {route.page === 'waiting' ? (
            <WaitingView calls={inbox.calls} error={inbox.error} agentName={agentName} onOpen={(next, event) => go(next)(event)} />
          ) : route.page === 'home' || (route.page === 'new' && !route.agent) ? (
            <AgentPicker agents={manifest.agents} onPick={(agent) => navigate({ page: 'new', agent })} />
          ) : (
            <Chat
              key={`${route.agent}:${newChatKey}`}
              agent={route.agent!}
              chatId={route.page === 'chat' ? route.chatId : undefined}
              onChatIdChange={(chatId) => navigate({ page: 'chat', agent: route.agent!, chatId }, { replace: route.page === 'new' })}
            />
          )}
        </div>
      </main>
    </div>
  )
}

/** An agent's name as its profile gives it, else its slug. */
export function profileName(agent: AgentSummary | undefined, slug: string): string {
  return agent?.profile?.name ?? slug
}
