import { Chat, ChatList, useChatIdInUrl, useSignIn } from '@frogbotai/ui/chat'
import { useState } from 'react'

// Nobody signed in: `Chat` shows @frogbotai/ui's sign-in form, then the chat. The open chat is kept
// in the address (`?chat=…`), so a reload comes back to it, with its waiting question and the
// picks made on its card; the list beside it finds every other chat again.
export function App() {
  const { user, signOut } = useSignIn()
  const [chatId, setChatId] = useChatIdInUrl()
  const [listOpen, setListOpen] = useState(false)
  return (
    <main className={listOpen ? 'app app-list-open' : 'app'}>
      <header className="app-header">
        <strong className="app-title">Planner</strong>
        {user ? (
          <>
            <button type="button" className="app-button app-list-button" aria-expanded={listOpen} onClick={() => setListOpen((open) => !open)}>
              Chats
            </button>
            <button
              type="button"
              className="app-button"
              onClick={() => {
                setChatId(undefined)
                setListOpen(false)
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
      <div className="app-body">
        {user ? (
          <nav className="app-list" aria-label="Chats">
            <ChatList
              agent="planner"
              selectedChatId={chatId}
              onSelect={(chat) => {
                setChatId(chat.id)
                setListOpen(false)
              }}
            />
          </nav>
        ) : null}
        <div className="app-chat">
          <Chat agent="planner" chatId={chatId} onChatIdChange={setChatId} />
        </div>
      </div>
    </main>
  )
}
