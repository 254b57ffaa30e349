import { DefaultChatTransport } from 'ai'
import type { CallDraft, FrogbotUIMessage, Inbox, Manifest, QueuedTurn, SettleRequest, SettleResult, TurnResult } from '@frogbotai/protocol'
import type { ChatAdapter, ChatPage, ChatRead, PendingList } from '../chat-adapter.ts'
import { ChatApiError } from '../chat-api-error.ts'
import type { FetchFunction } from './auth-fetch.ts'

/** Headers sent with every request: fixed, or computed per request (may be async). */
export type HeadersOption = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>)

/**
 * Options of {@link createRestChatAdapter}.
 * - `fetch`: how requests are sent: `cookieFetch()` for a signed-in browser session on the same
 *   origin, `bearerFetch(getToken)` for an API token, or any `fetch`-compatible function.
 * - `apiBase`: where the FrogBot API is mounted, default `/api` (e.g. `https://bot.example.com/api`).
 * - `headers`: extra headers for every request.
 */
export type RestChatAdapterOptions = { fetch: FetchFunction; apiBase?: string; headers?: HeadersOption }

/**
 * The chat adapter for FrogBot's HTTP API (docs/http/overview.md): chats stream through the AI
 * SDK's `DefaultChatTransport` at `POST {apiBase}/agents/:slug` (only the newest message is sent;
 * the server keeps the history), and the rest are JSON requests. Create it once, outside React
 * components, and pass it to `ChatProvider`.
 */
export function createRestChatAdapter({ fetch, apiBase = '/api', headers }: RestChatAdapterOptions): ChatAdapter {
  const base = apiBase.replace(/\/+$/, '')
  const extraHeaders = async () => (typeof headers === 'function' ? await headers() : (headers ?? {}))

  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(await extraHeaders()) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    if (!response.ok) throw ChatApiError.fromBody(response.status, await response.text())
    if (response.status === 204) return undefined as T
    return (await response.json()) as T
  }
  const chatPath = (agent: string, chatId: string) => `/agents/${encodeURIComponent(agent)}/chats/${encodeURIComponent(chatId)}`
  const transports = new Map<string, DefaultChatTransport<FrogbotUIMessage>>()

  return {
    apiBase: base,
    transport(agent) {
      let transport = transports.get(agent)
      if (!transport) {
        transport = new DefaultChatTransport<FrogbotUIMessage>({
          api: `${base}/agents/${encodeURIComponent(agent)}`,
          fetch,
          headers: extraHeaders,
          prepareSendMessagesRequest: ({ id, messages, trigger, messageId, body }) => ({
            body: { ...body, id, messages: messages.slice(-1), trigger, ...(messageId ? { messageId } : {}) }
          })
        })
        transports.set(agent, transport)
      }
      return transport
    },
    manifest: () => request<Manifest>('GET', '/frogbot'),
    login: async (credentials) => {
      await request('POST', '/auth/login', credentials)
    },
    logout: async () => {
      await request('POST', '/auth/logout')
    },
    listChats: ({ agent, limit = 50, cursor } = {}) => {
      const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) })
      return request<ChatPage>('GET', `${agent ? `/agents/${encodeURIComponent(agent)}/chats` : '/chats'}?${query}`)
    },
    readChat: async (agent, chatId) => {
      try {
        return await request<ChatRead>('GET', chatPath(agent, chatId))
      } catch (error) {
        if (ChatApiError.isInstance(error) && error.status === 404) return null
        throw error
      }
    },
    pending: (agent, chatId) => request<PendingList>('GET', `${chatPath(agent, chatId)}/pending`),
    inbox: (options = {}) => {
      const query = new URLSearchParams(Object.entries(options).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])))
      return request<Inbox>('GET', `/pending${query.size > 0 ? `?${query}` : ''}`)
    },
    send: (agent, chatId, message) =>
      request<QueuedTurn | TurnResult>('POST', `/agents/${encodeURIComponent(agent)}`, {
        chatId,
        messages: [{ id: message.id, role: 'user', parts: [{ type: 'text', text: message.text }] }]
      }),
    settle: (agent, chatId, body: SettleRequest) => request<SettleResult>('POST', `${chatPath(agent, chatId)}/settle`, body),
    saveDraft: (agent, chatId, toolCallId, draft) => request<CallDraft>('PUT', `${chatPath(agent, chatId)}/pending/${encodeURIComponent(toolCallId)}/draft`, { draft }),
    deleteDraft: async (agent, chatId, toolCallId) => {
      await request('DELETE', `${chatPath(agent, chatId)}/pending/${encodeURIComponent(toolCallId)}/draft`)
    },
    stop: (agent, chatId, messageId) =>
      request('POST', `${chatPath(agent, chatId)}/stop`, messageId ? { messageId } : {}),
    branch: (agent, chatId, messageId) => request('POST', `${chatPath(agent, chatId)}/branch`, messageId ? { messageId } : {}),
    renameChat: (agent, chatId, title) => request('PATCH', chatPath(agent, chatId), { title }),
    deleteChat: async (agent, chatId) => {
      await request('DELETE', chatPath(agent, chatId))
    },
    editQueued: async (agent, chatId, messageId, text) => {
      await request('PATCH', `${chatPath(agent, chatId)}/messages/${encodeURIComponent(messageId)}`, { text })
    },
    deleteQueued: async (agent, chatId, messageId) => {
      await request('DELETE', `${chatPath(agent, chatId)}/messages/${encodeURIComponent(messageId)}`)
    }
  }
}
