// The seed's "Answer in the chat UI" sample, unchanged.
import { ChatProvider, QuestionToolRender } from '@frogbotai/ui/chat'
import { cookieFetch, createRestChatAdapter } from '@frogbotai/ui/chat/rest'

const adapter = createRestChatAdapter({ fetch: cookieFetch() })

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <ChatProvider adapter={adapter} toolRenderers={[{ kind: 'question', render: QuestionToolRender }]}>
      {children}
    </ChatProvider>
  )
}
