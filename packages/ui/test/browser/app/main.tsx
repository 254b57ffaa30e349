import '@frogbotai/ui/styles.css'
import { Chat, ChatProvider, QuestionToolRender } from '@frogbotai/ui/chat'
import { cookieFetch, createRestChatAdapter } from '@frogbotai/ui/chat/rest'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { PickFileCard } from '../../../../../examples/planner/components/PickFileCard.tsx'

const adapter = createRestChatAdapter({ fetch: cookieFetch() })
const renderers = [
  { kind: 'question', render: QuestionToolRender },
  { kind: 'pick-file', render: PickFileCard }
]
const params = new URLSearchParams(window.location.search)

function Fixture() {
  const [chatId, setChatId] = useState(params.get('chat') ?? undefined)
  return (
    <Chat
      agent={params.get('agent') ?? 'planner'}
      chatId={chatId}
      onChatIdChange={(id) => {
        const url = new URL(window.location.href)
        url.searchParams.set('chat', id)
        window.history.replaceState(null, '', url)
        setChatId(id)
      }}
    />
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChatProvider adapter={adapter} toolRenderers={renderers}>
      <Fixture />
    </ChatProvider>
  </StrictMode>
)
