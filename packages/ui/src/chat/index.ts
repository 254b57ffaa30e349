'use client'

/**
 * `@frogbotai/ui/chat`: React chat components for FrogBot agents (seed: "Answer in the chat UI").
 * Wrap them in `ChatProvider` with an adapter from `@frogbotai/ui/chat/rest`, and import
 * `@frogbotai/ui/styles.css` once.
 */
export { ChatProvider, type ChatProviderProps } from './chat-provider.tsx'
export { Chat, type ChatProps } from './chat.tsx'
export { ChatList, type ChatListProps } from './chat-list.tsx'
export { useChatIdInUrl } from './use-chat-id-in-url.ts'
export { CHAT_LIST_POLL_MS, type ChatListSnapshot } from './chat-list-store.ts'
export { ChatShell } from './chat-shell.tsx'
export { MessageList, type MessageListProps } from './message-list.tsx'
export { TypingIndicator } from './typing-indicator.tsx'
export { MarkdownText } from './markdown/markdown-text.tsx'
export { SignIn, type SignInProps } from './sign-in.tsx'
export { useSignIn, type SignInState } from './use-sign-in.ts'
export { Composer, type ComposerProps } from './composer.tsx'
export { QueuedStrip } from './queued-strip.tsx'
export { CopyMessageAction, EditMessageAction, BranchMessageAction } from './message-actions.tsx'
export { ChannelConversationNotice } from './channel-conversation-notice.tsx'
export { ToolPart } from './tool-part.tsx'
export { NotSentNote } from './not-sent-note.tsx'
export { ToolActionsContext, type ToolActions } from './tool-actions-context.ts'
export { findToolRenderer, type ToolRenderer, type ToolRenderProps } from './tool-renderers.ts'
export { QuestionToolRender, type QuestionToolPart } from './tools/question/question-tool-render.tsx'
export { GenericToolRender } from './tools/generic/generic-tool-render.tsx'
export { useChatManifest, useChatSession, useChatContext, useChatList, type ManifestState, type ChatContextValue } from './chat-context.ts'
export { ChatSession, POLL_INTERVAL_MS, type ChatSessionSnapshot } from './chat-session.ts'
export { ChatApiError } from './chat-api-error.ts'
export type { ChatAdapter, ChatPage, ChatRead, PendingList } from './chat-adapter.ts'
export { waitingToolParts, isToolPart, toolNameOf, type AnyToolPart } from './tool-parts.ts'
export { cookieFetch, bearerFetch, type FetchFunction } from './rest/auth-fetch.ts'
