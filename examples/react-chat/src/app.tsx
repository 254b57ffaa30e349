import { Chat, useSignIn } from '@frogbotai/ui/chat'
import { useState } from 'react'

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

// Nobody signed in: `Chat` shows @frogbotai/ui's sign-in form, then the chat.
export function App() {
  const { user, signOut } = useSignIn()
  const [chatId, setChatId] = useState(chatIdFromLocation)
  const [chatKey, setChatKey] = useState(0)
  return (
    <main className="app">
      <header className="app-header">
        <strong className="app-title">Planner</strong>
        {user ? (
          <>
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
            <button type="button" className="app-button" onClick={() => void signOut()}>
              Sign out
            </button>
          </>
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
