import { ChatProvider, QuestionToolRender, type ToolRenderer, useChatManifest } from '@frogbotai/ui/chat'
import { cookieFetch, createRestChatAdapter } from '@frogbotai/ui/chat/rest'
import { useEffect, useState } from 'react'
import { loadComponentRenderers } from './app-components.ts'
import { AdminLayout } from './admin-layout.tsx'
import { SignInPage } from './sign-in.tsx'

const adapter = createRestChatAdapter({ fetch: cookieFetch() })
const question: ToolRenderer = { kind: 'question', render: QuestionToolRender }

/**
 * The admin chat (docs/chat/admin.md): sign in, the user's chats, new chats with an agent,
 * and every chat of `@frogbotai/ui` with the question card and the app's client tool components.
 */
export function AdminApp() {
  // The components load first, so a waiting call never flashes the generic form before its own card.
  const [renderers, setRenderers] = useState<ToolRenderer[] | null>(null)
  useEffect(() => {
    void loadComponentRenderers().then((found) => setRenderers([question, ...found]))
  }, [])
  if (!renderers) return <p className="admin-loading">Loading…</p>
  return (
    <ChatProvider adapter={adapter} toolRenderers={renderers}>
      <Gate />
    </ChatProvider>
  )
}

function Gate() {
  const manifest = useChatManifest()
  if (manifest.status === 'loading') return <p className="admin-loading">Loading…</p>
  if (manifest.status === 'error') {
    return (
      <main className="admin-center">
        <p role="alert">{manifest.error}</p>
        <button type="button" className="admin-button" onClick={() => void manifest.reload()}>
          Try again
        </button>
      </main>
    )
  }
  if (!manifest.manifest.user) return <SignInPage />
  return <AdminLayout manifest={manifest.manifest} onSignedOut={manifest.reload} />
}
