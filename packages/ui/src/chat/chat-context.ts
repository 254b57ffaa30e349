import type { Manifest } from '@frogbotai/protocol'
import { createContext, useContext, useSyncExternalStore } from 'react'
import type { ChatAdapter } from './chat-adapter.ts'
import type { ChatSession, ChatSessionSnapshot } from './chat-session.ts'
import type { ChatListSnapshot, ChatListStore } from './chat-list-store.ts'
import type { ToolRenderer } from './tool-renderers.ts'

/** The manifest as `ChatProvider` loads it: loading, loaded, or the error to show. */
export type ManifestState = { status: 'loading' } | { status: 'ready'; manifest: Manifest } | { status: 'error'; error: string }

/** What `ChatProvider` gives the components below it. */
export type ChatContextValue = {
  adapter: ChatAdapter
  toolRenderers: readonly ToolRenderer[]
  manifest: ManifestState
  reloadManifest: () => Promise<void>
  /**
   * The session of a chat, created on first use and kept for the life of the provider; `isNew`
   * when the caller just made the id up (nothing to read yet).
   */
  session: (agent: string, chatId: string, isNew?: boolean) => ChatSession
  /** The list of the caller's chats (of `agent`, or of every agent), created on first use and kept for the life of the provider. */
  chatList: (agent?: string) => ChatListStore
}

export const ChatContext = createContext<ChatContextValue | null>(null)

/** The nearest `ChatProvider`'s value. Throws when there is none. */
export function useChatContext(): ChatContextValue {
  const value = useContext(ChatContext)
  if (!value) throw new Error('@frogbotai/ui: wrap chat components in <ChatProvider adapter={…}>')
  return value
}

/**
 * The manifest (`GET /api/frogbot`: signed-in user, agents and their client tools) as the provider
 * loaded it, and `reload()` (e.g. after a sign-in).
 */
export function useChatManifest(): ManifestState & { reload: () => Promise<void> } {
  const { manifest, reloadManifest } = useChatContext()
  return { ...manifest, reload: reloadManifest }
}

/** The session of one chat and its current snapshot; re-renders on every change. */
export function useChatSession(agent: string, chatId: string, isNew = false): { session: ChatSession; snapshot: ChatSessionSnapshot } {
  const session = useChatContext().session(agent, chatId, isNew)
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot)
  return { session, snapshot }
}

/**
 * The caller's chats (of `agent`, or of every agent they may use), newest first, as the server last
 * listed them (see `ChatListStore`), and `refresh()`. Re-renders on every change; while any
 * component uses it the list is read again every few seconds.
 */
export function useChatList({ agent }: { agent?: string } = {}): ChatListSnapshot & { refresh: () => void } {
  const list = useChatContext().chatList(agent)
  const snapshot = useSyncExternalStore(list.subscribe, list.getSnapshot, list.getSnapshot)
  return { ...snapshot, refresh: list.refresh }
}
