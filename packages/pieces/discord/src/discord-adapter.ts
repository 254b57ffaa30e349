import { errorText } from 'frogbot/channels'
import { DiscordAdapter, type DiscordAdapterConfig } from '@chat-adapter/discord'
import type { AdapterPostableMessage, RawMessage } from 'chat'
import type { ChannelState } from 'frogbot/channels'
import { Client, GatewayIntentBits, Partials } from 'discord.js'
import { clip } from './discord-components.ts'

/** A forwarded Gateway event, Chat SDK's format (`DiscordForwardedEvent`): the dispatch's type prefixed `GATEWAY_`, when it was forwarded (ms), its data. */
export type ForwardedEvent = { type: string; timestamp: number; data: unknown }

/** A thread to start on a mention: the channel of the message, and what the message said (its name). */
type ThreadToStart = { channelId: string; title?: string }

/** Discord's message flag for Components V2 messages (discord.com/developers/docs/resources/message, "Message Flags"). */
export const IS_COMPONENTS_V2 = 1 << 15

/** A Discord message's id in card records: its channel (the thread, where it is in one) and its id. */
export const messageRef = (channelId: string, messageId: string) => `${channelId}:${messageId}`

/** The channel and message of a {@link messageRef}. */
export function parseRef(ref: string): { channelId: string; messageId: string } {
  const at = ref.indexOf(':')
  return { channelId: ref.slice(0, at), messageId: ref.slice(at + 1) }
}

/** The Gateway intents the listener asks for: servers, their messages, message content (a privileged intent), direct messages. */
const INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages]

/** The REST base discord.js takes (`api` without the version, and the version), from an API URL ending in `/v<N>`. */
function restOptions(apiUrl: string): { api: string; version: string } {
  const versioned = /^(.*)\/v(\d+)$/.exec(apiUrl)
  return versioned ? { api: versioned[1], version: versioned[2] } : { api: apiUrl, version: '10' }
}

/** How long a thread not yet started on a mention is remembered (ms): a conversation's first reply comes well within it. */
const PENDING_THREAD_MS = 24 * 60 * 60_000

/** Discord's error code for "a thread has already been created for this message". */
const THREAD_ALREADY_CREATED = 160004

/** How long one REST call may take (ms): a drawing ends, drawn or failed, well before its claim lapses. */
const REST_TIMEOUT_MS = 10_000

/** The longest name of a thread (Channel, "name": 1–100 characters). */
const THREAD_NAME_MAX = 100

/** The longest content of a message (Create Message: 2000 characters). */
const CONTENT_MAX = 2000


/**
 * Chat SDK's Discord adapter with what FrogBot's piece needs beside it:
 * - the thread on a mention started only when something is posted in it: Chat SDK starts it as
 *   soon as the mention arrives, before anyone knows whether the agent accepts its author, so a
 *   refused person's mention would leave an empty thread; a thread started from a message has
 *   the message's id (Discord, "Start Thread from Message"), so its Chat SDK thread id is known
 *   before it exists, and the piece's state (FrogBot's database) remembers it is still to start;
 * - every call to `apiUrl`: the stock adapter sends interaction followups and file uploads to
 *   discord.com whatever its base URL;
 * - the agent's replies pinging nobody (Discord's `allowed_mentions`);
 * - raw Components V2 messages posted and edited as they are (Chat SDK's cards have no multi-pick
 *   select), and plain text that pings only whom it names;
 * - its Gateway listener ({@link FrogbotDiscordAdapter.listen}) on `apiUrl` too (discord.js asks
 *   the Gateway's address there), its events handed to `forward` in this process instead of
 *   POSTed to a URL.
 */
export class FrogbotDiscordAdapter extends DiscordAdapter {
  private forward: ((event: ForwardedEvent) => Promise<void>) | null = null
  private readonly state: ChannelState

  constructor(config: DiscordAdapterConfig & { apiUrl: string }, state: ChannelState) {
    super(config)
    this.state = state
  }

  private pendingKey = (thread: string) => `frogbot:discord:thread-to-start:${thread}`

  /** Chat SDK's thread start on a mention, deferred: the thread is remembered as still to start (see {@link FrogbotDiscordAdapter.startThread}). */
  protected override async createDiscordThread(channelId: string, messageId: string): Promise<{ id: string; name: string }> {
    await this.state.set<ThreadToStart>(this.pendingKey(messageId), { channelId }, PENDING_THREAD_MS)
    return { id: messageId, name: '' }
  }

  /** Names the thread `threadId` will start as, after what its first message said, if it is still to start. */
  async nameThread(threadId: string, text: string): Promise<void> {
    const pending = await this.threadToStart(threadId)
    if (pending && !pending.title) await this.state.set<ThreadToStart>(this.pendingKey(pending.messageId), { channelId: pending.channelId, title: text }, PENDING_THREAD_MS)
  }

  /** The message a thread not started yet would start on (its parent channel and the message, which has the thread's id), else `null`. */
  async threadToStart(threadId: string): Promise<(ThreadToStart & { messageId: string }) | null> {
    const { threadId: discordThread } = this.decodeThreadId(threadId)
    const pending = discordThread ? await this.state.get<ThreadToStart>(this.pendingKey(discordThread)) : null
    return pending && discordThread ? { ...pending, messageId: discordThread } : null
  }

  /** Starts `threadId`'s Discord thread if it is still to start (named after its first message); one started meanwhile, by another server too, is taken as it is. */
  async startThread(threadId: string): Promise<void> {
    const pending = await this.threadToStart(threadId)
    if (!pending) return
    const name = clip((pending.title ?? '').replace(/\s+/g, ' ').trim() || this.userName, THREAD_NAME_MAX)
    try {
      await this.rest(`/channels/${pending.channelId}/messages/${pending.messageId}/threads`, 'POST', { name, auto_archive_duration: 1440 })
    } catch (error) {
      if (!(error instanceof Error && error.message.includes(`(code ${THREAD_ALREADY_CREATED})`))) throw error
    }
    await this.state.delete(this.pendingKey(pending.messageId))
  }

  /** Chat SDK's message body for a post or an edit (the agent's replies), pinging nobody: what the model writes, `@everyone` or `<@id>`, shows as text and notifies no one. */
  protected override buildMessagePayload(...args: Parameters<DiscordAdapter['buildMessagePayload']>): ReturnType<DiscordAdapter['buildMessagePayload']> {
    const built = super.buildMessagePayload(...args)
    return { ...built, payload: { ...built.payload, allowed_mentions: { parse: [] } } }
  }

  /** Chat SDK's post (the agent's replies), into a thread started first where it is still to start. */
  override async postMessage(threadId: string, message: AdapterPostableMessage): Promise<RawMessage<unknown>> {
    await this.startThread(threadId)
    return super.postMessage(threadId, message)
  }

  protected override async discordInteractionFetch(path: string, method: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${this.apiBaseUrl}${path}`, { method, ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}) })
    if (!response.ok) throw new Error(`Discord interaction API error: ${response.status} ${await response.text()}`)
    return response
  }

  protected override discordInteractionFetchWithFiles(path: string, method: string, payload: unknown): Promise<Response> {
    // FrogBot posts no files; were Chat SDK to, it goes to `apiUrl` as JSON rather than to discord.com.
    return this.discordInteractionFetch(path, method, payload)
  }

  protected override async postMessageWithFiles(channelId: string, threadId: string, payload: unknown): Promise<{ id: string; threadId: string; raw: unknown }> {
    const result = (await (await this.discordFetch(`/channels/${channelId}/messages`, 'POST', payload)).json()) as { id: string }
    return { id: result.id, threadId, raw: result }
  }

  /**
   * A call to Discord's REST API at `apiUrl` with the bot token, its JSON answer; throws an Error
   * naming the status and Discord's message and code. Unlike the stock adapter's, it logs nothing:
   * whoever called it tells what failed.
   */
  async rest(path: string, method: string, body?: unknown): Promise<any> {
    const response = await fetch(`${this.apiBaseUrl}${path}`, {
      method,
      headers: { authorization: `Bot ${await this.resolveBotToken()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REST_TIMEOUT_MS)
    })
    const text = await response.text()
    if (!response.ok) {
      const error = (() => {
        try {
          return JSON.parse(text) as { message?: string; code?: number }
        } catch {
          return {}
        }
      })()
      throw new Error(`Discord answered ${method} ${path} with ${response.status}${error.message ? `: ${error.message}` : ''}${error.code ? ` (code ${error.code})` : ''}`)
    }
    return text ? JSON.parse(text) : null
  }

  /** The Discord channel a Chat SDK thread id posts in: its Discord thread where it has one, else its channel (a DM, a channel allowed without threads). */
  channelOf(threadId: string): string {
    const { channelId, threadId: discordThread } = this.decodeThreadId(threadId)
    return discordThread ?? channelId
  }

  /** Posts `payload` (a Discord message body) in `threadId`; resolves to its {@link messageRef}. */
  async postPayload(threadId: string, payload: Record<string, unknown>): Promise<string> {
    await this.startThread(threadId)
    const channelId = this.channelOf(threadId)
    const posted = (await this.rest(`/channels/${channelId}/messages`, 'POST', payload)) as { id?: string; channel_id?: string } | null
    if (!posted?.id) throw new Error('Discord did not say which message the card became')
    return messageRef(posted.channel_id ?? channelId, posted.id)
  }

  /** Replaces message `ref` (a {@link messageRef}) with `payload`. */
  async editPayload(ref: string, payload: Record<string, unknown>): Promise<void> {
    const { channelId, messageId } = parseRef(ref)
    await this.rest(`/channels/${channelId}/messages/${messageId}`, 'PATCH', payload)
  }

  /**
   * Posts `text` in `threadId`, pinging only the users in `ping` (Discord's `allowed_mentions`).
   * Where the thread is still to start, it is posted as a reply to the message instead, starting no
   * thread (a refusal of that message's author).
   */
  async postText(threadId: string, text: string, ping: string[] = []): Promise<void> {
    const pending = await this.threadToStart(threadId)
    if (pending) {
      await this.rest(`/channels/${pending.channelId}/messages`, 'POST', { content: clip(text, CONTENT_MAX), allowed_mentions: { parse: [], users: ping }, message_reference: { message_id: pending.messageId, fail_if_not_exists: false } })
      return
    }
    await this.rest(`/channels/${this.channelOf(threadId)}/messages`, 'POST', { content: clip(text, CONTENT_MAX), allowed_mentions: { parse: [], users: ping } })
  }

  protected override async forwardGatewayEvent(_webhookUrl: string, event: ForwardedEvent): Promise<void> {
    await this.forward?.(event)
  }

  /**
   * Holds one Gateway connection (discord.js, with the Message Content intent) until `signal`
   * aborts: each `MESSAGE_CREATE` is handed to `forward` as Chat SDK forwards it (in order per
   * channel, a thread of an allowed channel marked as such). discord.js resumes or reconnects a
   * lost connection itself, told to `log`; a login Discord refuses (the token) throws, for the
   * caller to log and try again later.
   */
  async listen({ signal, forward, log }: { signal: AbortSignal; forward: (event: ForwardedEvent) => Promise<void>; log: (line: string) => void }): Promise<void> {
    if (signal.aborted) return
    this.forward = forward
    const client = new Client({ intents: INTENTS, partials: [Partials.Channel], rest: restOptions(this.apiBaseUrl) })
    client.on('raw', (packet: { t: string | null; d: unknown }) => {
      if (packet.t !== 'MESSAGE_CREATE') return
      const channelId = (packet.d as { channel_id?: string } | null)?.channel_id
      void this.enqueueOrderedForward(channelId, () => this.forwardRawGatewayPacket(client, 'in-process', packet))
    })
    let stopping = false
    client.on('error', (error) => log(`gateway: ${errorText(error)}`))
    client.on('shardReconnecting', () => stopping || log('gateway: the connection was lost; reconnecting'))
    client.on('shardDisconnect', (event) => stopping || log(`gateway: the connection closed (code ${event.code}) and cannot be resumed; starting it again`))
    try {
      await client.login(await this.resolveBotToken())
      await new Promise<void>((resolve) => {
        if (signal.aborted) return resolve()
        signal.addEventListener('abort', () => resolve(), { once: true })
      })
    } finally {
      stopping = true
      this.forward = null
      await client.destroy()
    }
  }
}
