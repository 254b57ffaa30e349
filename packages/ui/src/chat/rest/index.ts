/**
 * `@frogbotai/ui/chat/rest`: the chat adapter for FrogBot's HTTP API and the `fetch` functions
 * that authenticate it (seed: "Answer in the chat UI").
 */
export { createRestChatAdapter, type RestChatAdapterOptions, type HeadersOption } from './rest-chat-adapter.ts'
export { cookieFetch, bearerFetch, type FetchFunction } from './auth-fetch.ts'
export { ChatApiError } from '../chat-api-error.ts'
export type { ChatAdapter, ChatPage, ChatRead, PendingList } from '../chat-adapter.ts'
