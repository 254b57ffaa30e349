import { Chat, useChatContext, useChatManifest } from '@frogbotai/ui/chat'
import { useState } from 'react'
import { SignIn } from './sign-in.tsx'

/** The chat id in the address (`?chat=…`), so a reload opens the same chat. */
function chatIdFromLocation(): string | undefined {
  return new URLSearchParams(window.location.search).get('chat') ?? undefined
}

function showChat(chatId: string | undefined) {
  const url = new URL(window.location.href)
  if (chatId) url.searchParams.set('chat', chatId)
  else url.searchParams.delete('chat')
  window.history.pushState(null, '', url)
}

export function App() {
  const manifest = useChatManifest()
  const { adapter } = useChatContext()
  const [chatId, setChatId] = useState(chatIdFromLocation)
  const [chatKey, setChatKey] = useState(0)

  if (manifest.status === 'ready' && !manifest.manifest.user) return <SignIn onSignedIn={manifest.reload} />
  const user = manifest.status === 'ready' ? manifest.manifest.user : null
  return (
    <main className="app">
      <header className="app-header">
        <strong className="app-title">Planner</strong>
        <button
          type="button"
          className="app-button"
          onClick={() => {
            showChat(undefined)
            setChatId(undefined)
            setChatKey((key) => key + 1)
          }}
        >
          New chat
        </button>
        {user ? (
          <button
            type="button"
            className="app-button"
            onClick={async () => {
              await adapter.logout()
              await manifest.reload()
            }}
          >
            Sign out
          </button>
        ) : null}
      </header>
      <div className="app-chat">
        <Chat
          key={chatKey}
          agent="planner"
          chatId={chatId}
          onChatIdChange={(id) => {
            showChat(id)
            setChatId(id)
          }}
        />
      </div>
    </main>
  )
}
