import { decodeThreadId } from '@chat-adapter/teams'
import type { TeamsActivity } from '@chat-adapter/teams/webhook'
import { jsonCall, type KnownPerson, messageRef, messageRefParts, PlatformError } from 'frogbot/channels'
import { cardMessage, type DrawnCard } from './adaptive-card.ts'

/** An incoming activity, once verified (the Bot Framework schema, as Chat SDK's Teams adapter types it). */
export type Activity = TeamsActivity

/** The tenant of an activity's conversation (Teams gives it in `conversation` or `channelData`). */
export const tenantOf = (activity: Activity): string | undefined => activity.conversation?.tenantId ?? activity.channelData?.tenant?.id

/** The scope of the bot's token for Bot Connector calls (Bot Connector authentication, "bot to connector"). */
export const CONNECTOR_SCOPE = 'https://api.botframework.com/.default'

/** What the Bot Connector answers: the id of what it made, or its error (its `code`, else a bare `message`). */
type ConnectorAnswer = { id?: string; error?: { code?: string; message?: string }; message?: string }

/** How long a Bot Connector call may take (ms). */
const CALL_TIMEOUT_MS = 15_000

/** A conversation id without the thread of a channel post (`;messageid=…`): whose roster is the channel's. */
export const baseConversation = (conversationId: string) => conversationId.replace(/;messageid=\d+$/, '')

/**
 * A Teams message's id in card records (the kit's `messageRef`): its conversation (without a
 * channel post's `;messageid=`, as base64url) and its activity id, since activity ids are unique
 * only within a conversation; the kit's `messageRefParts` reads the activity id back.
 */
export const activityRef = (conversationId: string, activityId: string) =>
  messageRef(Buffer.from(baseConversation(conversationId)).toString('base64url'), activityId)

/**
 * The piece's own client of the Bot Connector REST API (learn.microsoft.com "API reference", Bot
 * Connector service), for what Chat SDK's Teams adapter does not offer publicly: Adaptive Cards
 * posted and updated as they are (Chat SDK's card elements have no multi-select choice set nor
 * inline text input), plain-text and targeted messages, and a conversation's roster. Each call goes
 * to `apiUrl` when one is set (a gateway, a stand-in), else to the conversation's own
 * `serviceUrl` (in the Chat SDK thread id), with the bot's token (`token(CONNECTOR_SCOPE)`);
 * a refusal throws the kit's `PlatformError` with the status and the service's message.
 */
export function botConnector({ apiUrl, appId, token }: { apiUrl?: string; appId: string; token: (scope: string) => Promise<string> }) {
  // `label`: the call as its error names it (a conversation's path without the conversation id).
  const send = async (method: 'GET' | 'POST' | 'PUT', serviceUrl: string, path: string, payload?: unknown, label = '/v3/conversations') => {
    const base = (apiUrl ?? serviceUrl).replace(/\/+$/, '')
    const headers = { authorization: `Bearer ${await token(CONNECTOR_SCOPE)}` }
    const { status, ok, answer } = await jsonCall<ConnectorAnswer>(`${base}/v3/conversations${path}`, { method, headers, json: payload, timeoutMs: CALL_TIMEOUT_MS })
    if (!ok) throw new PlatformError(`the Bot Connector answered ${status} to ${method} ${label} (${answer?.error?.code ?? answer?.message ?? 'no error given'})`, status)
    return answer ?? {}
  }
  const call = async (method: 'GET' | 'POST' | 'PUT', thread: string, path: string, body?: unknown) => {
    const { conversationId, conversationType, serviceUrl } = decodeThreadId(thread)
    const conversation = path.startsWith('/members') ? baseConversation(conversationId) : conversationId
    const payload = body && { ...body, from: { id: appId, role: 'bot' }, conversation: { id: conversationId, ...(conversationType ? { conversationType } : {}) } }
    return send(method, serviceUrl, `/${encodeURIComponent(conversation)}${path}`, payload, path.split('?')[0])
  }
  return {
    /** Posts a drawn card in `thread`; resolves to its message's {@link activityRef}. */
    postCard: async (thread: string, drawn: DrawnCard): Promise<string> => {
      const { id } = await call('POST', thread, '/activities', cardMessage(drawn))
      if (!id) throw new Error('Teams did not say which activity the card became')
      return activityRef(decodeThreadId(thread).conversationId, id)
    },
    /**
     * Replaces the card of every activity of `posted` (its thread and the `activityRef`s of its
     * messages) with `drawn` (Bot Connector "Update activity").
     */
    updateCards: async (posted: { thread: string; messageIds: string[] }, drawn: DrawnCard): Promise<void> => {
      for (const { id } of posted.messageIds.map(messageRefParts)) {
        const activity = { ...cardMessage(drawn), id }
        await call('PUT', posted.thread, `/activities/${encodeURIComponent(id)}`, activity)
      }
    },
    /** Posts `text` as it is (no Markdown) in `thread`; `to`: only that participant sees it (a targeted message). */
    postText: async (thread: string, text: string, { to }: { to?: { userId: string; name?: string } } = {}): Promise<void> => {
      const recipient = to ? { recipient: { id: to.userId, name: to.name ?? to.userId, role: 'user', isTargeted: true } } : {}
      await call('POST', thread, `/activities${to ? '?isTargetedActivity=true' : ''}`, { type: 'message', text, textFormat: 'plain', ...recipient })
    },
    /** Opens (or finds) the bot's 1:1 conversation with Teams user `userId` of `tenantId` at `serviceUrl` (Bot Connector "Create conversation"); resolves its id. */
    openPersonal: async ({ serviceUrl, userId, tenantId }: { serviceUrl: string; userId: string; tenantId: string }): Promise<string> => {
      const { id } = await send('POST', serviceUrl, '', { bot: { id: `28:${appId}` }, members: [{ id: userId }], tenantId, channelData: { tenant: { id: tenantId } }, isGroup: false })
      if (!id) throw new Error('Teams opened no conversation (POST /v3/conversations answered without an id)')
      return id
    },
    /**
     * `userId`'s entry in the roster of `thread`'s conversation (Bot Connector "Get conversation
     * member"). Someone not a member is the Bot Connector's 404, a `PlatformError` the kit's
     * `keptPeople` reads as nobody found.
     */
    member: async (thread: string, userId: string): Promise<KnownPerson> => {
      type Member = { name?: string; email?: string; userPrincipalName?: string }
      const member = (await call('GET', thread, `/members/${encodeURIComponent(userId)}`)) as Member
      const email = member.email ?? member.userPrincipalName
      return { ...(member.name ? { name: member.name } : {}), ...(email ? { email } : {}) }
    }
  }
}

/** See {@link botConnector}. */
export type BotConnector = ReturnType<typeof botConnector>
