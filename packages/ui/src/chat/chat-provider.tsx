import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import type { ChatAdapter } from './chat-adapter.ts'
import { errorMessage } from './chat-api-error.ts'
import { ChatContext, type ManifestState } from './chat-context.ts'
import { ChatListStore } from './chat-list-store.ts'
import { ChatSession } from './chat-session.ts'
import type { ToolRenderer } from './tool-renderers.ts'

/**
 * Props of {@link ChatProvider}: `adapter` (required; create it once, outside components),
 * `toolRenderers` (default `[]`), `children`.
 */
export type ChatProviderProps = { adapter: ChatAdapter; toolRenderers?: readonly ToolRenderer[]; children?: ReactNode }

const noRenderers: readonly ToolRenderer[] = []

/**
 * Makes an adapter and tool renderers available to the chat components below it (seed: "Answer in
 * the chat UI"). Loads the manifest (`GET /api/frogbot`: the signed-in user and each agent's client
 * tools with their kinds and output schemas) once; until it loads, `Chat` shows its loading
 * content, and on failure its error content. Chat sessions and lists of chats live here, outside
 * React state, so a remounted `Chat` finds its chat as it left it; when a chat starts a turn, waits
 * or ends, every list of chats is read again.
 */
export function ChatProvider({ adapter, toolRenderers = noRenderers, children }: ChatProviderProps) {
  const [manifest, setManifest] = useState<ManifestState>({ status: 'loading' })
  const reloadManifest = useCallback(async () => {
    try {
      setManifest({ status: 'ready', manifest: await adapter.manifest() })
    } catch (error) {
      setManifest({ status: 'error', error: errorMessage(error) })
    }
  }, [adapter])
  useEffect(() => {
    void reloadManifest()
  }, [reloadManifest])

  const { sessions, lists } = useMemo(() => ({ sessions: new Map<string, ChatSession>(), lists: new Map<string, ChatListStore>() }), [adapter])
  const value = useMemo(
    () => ({
      adapter,
      toolRenderers,
      manifest,
      reloadManifest,
      session: (agent: string, chatId: string, isNew = false) => {
        const key = `${agent}\n${chatId}`
        let session = sessions.get(key)
        if (!session) {
          session = new ChatSession({ adapter, agent, chatId, isNew, onChatChange: () => lists.forEach((list) => list.refresh()) })
          sessions.set(key, session)
        }
        return session
      },
      chatList: (agent?: string) => {
        const key = agent ?? ''
        let list = lists.get(key)
        if (!list) {
          list = new ChatListStore({ adapter, agent })
          lists.set(key, list)
        }
        return list
      }
    }),
    [adapter, toolRenderers, manifest, reloadManifest, sessions, lists]
  )
  return <ChatContext.Provider value={value}>{children}</ChatContext.Provider>
}
