import '@frogbotai/ui/styles.css'
import { Chat, ChatProvider, QuestionToolRender, type ToolRenderProps, toolNameOf } from '@frogbotai/ui/chat'
import { cookieFetch, createRestChatAdapter } from '@frogbotai/ui/chat/rest'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { PickFileCard } from '../../../../../examples/planner/components/PickFileCard.tsx'

/** With `?approval=custom`: an app's own approval renderer, in place of the built-in card. */
function CustomApproval({ part, addToolApprovalResponse }: ToolRenderProps) {
  return (
    <section className="fb-card" aria-label={`Custom approval of ${toolNameOf(part)}`}>
      <p>{part.state}</p>
      {addToolApprovalResponse ? (
        <button type="button" className="fb-button" onClick={() => addToolApprovalResponse({ approved: true })}>
          Yes, go
        </button>
      ) : null}
    </section>
  )
}

const adapter = createRestChatAdapter({ fetch: cookieFetch() })
const params = new URLSearchParams(window.location.search)
const renderers = [
  { kind: 'question', render: QuestionToolRender },
  { kind: 'pick-file', render: PickFileCard },
  ...(params.get('approval') === 'custom' ? [{ kind: 'approval', render: CustomApproval }] : [])
]

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
