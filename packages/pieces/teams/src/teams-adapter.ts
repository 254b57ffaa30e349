import { errorText } from 'frogbot/channels'
import { TeamsAdapter, type TeamsAdapterConfig } from '@chat-adapter/teams'

/** An incoming activity, as the piece reads it (the Bot Framework activity schema). */
export type Activity = {
  type: string
  id?: string
  name?: string
  replyToId?: string
  serviceUrl?: string
  channelId?: string
  text?: string
  value?: any
  from?: { id: string; name?: string; aadObjectId?: string }
  conversation?: { id: string; conversationType?: string; tenantId?: string }
  channelData?: { tenant?: { id?: string } }
  entities?: { type?: string; text?: string; mentioned?: { id?: string; name?: string } }[]
}

/** A member of a conversation, as the Bot Connector's roster gives them. */
export type RosterMember = { name?: string; email?: string }

/** The Adaptive Card attachment type (Bot Framework: "Add cards to messages"). */
const ADAPTIVE_CARD = 'application/vnd.microsoft.card.adaptive'

/** A conversation id without the thread of a channel post (`;messageid=…`): whose roster is the channel's. */
export const baseConversation = (conversationId: string) => conversationId.replace(/;messageid=\d+$/, '')

/** The HTTP status of a failed Bot Connector call, where it has one. */
export function statusOf(error: unknown): number | undefined {
  const failed = error as { response?: { status?: number }; status?: number; statusCode?: number } | null
  return failed?.response?.status ?? failed?.status ?? failed?.statusCode
}

/**
 * Chat SDK's Teams adapter with what FrogBot's piece needs beside it: Adaptive Cards posted and
 * updated as they are (Chat SDK's card elements have no multi-select choice set nor inline text
 * input), plain-text and targeted messages, the conversation roster, and `adaptiveCard/action`
 * invokes on FrogBot's cards answered by the piece with a real body (the stock handler answers an
 * empty one, which Teams shows as "Unable to reach app" and retries: vercel/chat#731). Errors the
 * Teams SDK reports are told to `log`.
 */
export class FrogbotTeamsAdapter extends TeamsAdapter {
  /** What an invoke on a FrogBot card said to its clicker: the text Teams shows them. Set by the piece before Chat SDK starts. */
  cardInvoke: ((activity: Activity) => Promise<string>) | null = null

  private readonly log: (line: string) => void

  constructor(config: TeamsAdapterConfig, log: (line: string) => void) {
    super(config)
    this.log = log
  }

  protected override registerEventHandlers(): void {
    // Registered first, so that it answers FrogBot's cards before the stock handler could.
    this.app.on('card.action', async (context) => {
      const activity = context.activity as unknown as Activity
      const actionId = activity.value?.action?.data?.actionId
      if (!this.cardInvoke || typeof actionId !== 'string' || !/^(?:frogbot_|fbapproval_)/.test(actionId)) return (await context.next()) as undefined
      return { statusCode: 200 as const, type: 'application/vnd.microsoft.activity.message' as const, value: await this.cardInvoke(activity) }
    })
    this.app.event('error', ({ error }) => this.log(`error: the Teams SDK failed on an activity: ${errorText(error)}`))
    super.registerEventHandlers()
  }

  /** The thread (Chat SDK's id) an activity belongs to. */
  threadOf(activity: Activity): string {
    return this.parseMessage(activity).threadId
  }

  private send(threadId: string, activity: Record<string, unknown>) {
    return this.app.sendTo(this.decodeThreadId(threadId), activity as unknown as Parameters<typeof this.app.sendTo>[1])
  }

  /** Posts an Adaptive Card (`card`, as Teams takes it) in `threadId`, with `summary` as its notification text; resolves to the activity id. */
  async postCard(threadId: string, card: Record<string, unknown>, summary: string): Promise<string> {
    const sent = await this.send(threadId, { type: 'message', summary, attachments: [{ contentType: ADAPTIVE_CARD, content: card }] })
    if (!sent.id) throw new Error('Teams did not say which activity the card became')
    return sent.id
  }

  /** Replaces the card of activity `messageId` in `threadId` (Bot Connector "Update activity"). */
  async updateCard(threadId: string, messageId: string, card: Record<string, unknown>, summary: string): Promise<void> {
    const { conversationId, serviceUrl } = this.decodeThreadId(threadId)
    const activity = { type: 'message', id: messageId, summary, attachments: [{ contentType: ADAPTIVE_CARD, content: card }] }
    await this.app.apiFor(serviceUrl).conversations.activities(conversationId).update(messageId, activity as never)
  }

  /** Posts `text` as it is (no Markdown) in `threadId`; `to`: only that participant sees it (a targeted message). */
  async postText(threadId: string, text: string, { to }: { to?: { userId: string; name?: string } } = {}): Promise<void> {
    await this.send(threadId, { type: 'message', text, textFormat: 'plain', ...(to ? { recipient: { id: to.userId, name: to.name ?? to.userId, role: 'user', isTargeted: true } } : {}) })
  }

  /** `userId`'s entry in the roster of `threadId`'s conversation (Bot Connector "Get conversation member"); `null` when they are not a member. */
  async member(threadId: string, userId: string): Promise<RosterMember | null> {
    const { conversationId, serviceUrl } = this.decodeThreadId(threadId)
    try {
      const member = await this.app.apiFor(serviceUrl).conversations.getMemberById(baseConversation(conversationId), userId)
      const email = member.email ?? member.userPrincipalName
      return { ...(member.name ? { name: member.name } : {}), ...(email ? { email } : {}) }
    } catch (error) {
      if (statusOf(error) === 404) return null
      throw error
    }
  }
}

/**
 * A {@link FrogbotTeamsAdapter} whose Teams SDK does not write to the console: the SDK logs with a
 * console logger of its own, which the adapter gives no way to replace, and it would tell of an
 * "unauthenticated" endpoint because requests reach it only once the piece verified them. Its
 * errors reach FrogBot's log instead (see the adapter). Someone who set `LOG` (the Teams SDK's
 * switch) keeps their own choice.
 */
export function quietTeamsAdapter(config: TeamsAdapterConfig, log: (line: string) => void): FrogbotTeamsAdapter {
  if (process.env.LOG !== undefined) return new FrogbotTeamsAdapter(config, log)
  process.env.LOG = '-*'
  try {
    return new FrogbotTeamsAdapter(config, log)
  } finally {
    delete process.env.LOG
  }
}
