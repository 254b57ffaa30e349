import { DiscordFormatConverter } from '@chat-adapter/discord'
import { type ChannelState, clipDrawn, jsonCall, PlatformError, streamedReplies } from 'frogbot/channels'

/**
 * How much of a reply one Discord message carries (characters of the model's Markdown): a
 * message's content holds 2,000 (Discord, "Create Message"); Chat SDK's rendering may add a few
 * escapes, hence the margin. A longer reply goes on in the next message, cut at a line break.
 */
const REPLY_MAX_CHARS = 1900

/** A Discord message's id in card records: its channel (the thread, where it is in one) and its id. */
export const messageRef = (channelId: string, messageId: string) => `${channelId}:${messageId}`

/** A thread to start on a mention: the channel of the message, and what the message said (its name). */
type ThreadToStart = { channelId: string; title?: string }

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

/** Nobody pinged (Discord's `allowed_mentions`): what the model writes, `@everyone` or `<@id>`, shows as text. */
const PING_NOBODY = { parse: [] as string[] }

/**
 * The piece's own client of Discord's REST API at `apiUrl` (every call the piece makes: cards,
 * notices, replies, threads), beside Chat SDK's adapter, which only reads what arrives:
 * - a thread on a mention starts only when something is posted in it: Chat SDK would start it as
 *   soon as the mention arrives, before anyone knows whether the agent accepts its author, so a
 *   refused person's mention would leave an empty thread; a thread started from a message has the
 *   message's id (Discord, "Start Thread from Message"), so its Chat SDK thread id is known before
 *   it exists, and the piece's state (FrogBot's database) remembers it is still to start
 *   ({@link deferThread});
 * - the agent's replies stream as Chat SDK would stream them (its Discord Markdown), pinging nobody;
 * - raw Components V2 messages posted and edited as they are (Chat SDK's cards have no multi-pick
 *   select), and plain text that pings only whom it names.
 * `channelOf(thread)` is the Discord channel a Chat SDK thread id posts in.
 */
export function discordClient({ apiUrl, botToken, botUsername, state, channelOf }: { apiUrl: string; botToken: string; botUsername: string; state: ChannelState; channelOf: (thread: string) => { channelId: string; threadId?: string } }) {
  const pendingKey = (thread: string) => `frogbot:discord:thread-to-start:${thread}`
  const markdown = new DiscordFormatConverter()

  /**
   * A call to the REST API with the bot token (the kit's `jsonCall`), its JSON answer (`null` when
   * none); a refusal throws the kit's `PlatformError` naming the status and Discord's message and
   * code. It logs nothing: whoever called it tells what failed.
   */
  const rest = async (path: string, method: string, body?: unknown): Promise<any> => {
    const { status, ok, answer } = await jsonCall<any>(`${apiUrl}${path}`, { method, headers: { authorization: `Bot ${botToken}` }, json: body, timeoutMs: REST_TIMEOUT_MS })
    if (!ok) throw new PlatformError(`Discord answered ${method} ${path} with ${status}${answer?.message ? `: ${answer.message}` : ''}${answer?.code ? ` (code ${answer.code})` : ''}`, status)
    return answer
  }

  /** The message a thread not started yet would start on (its parent channel and the message, which has the thread's id), else `null`. */
  const threadToStart = async (thread: string): Promise<(ThreadToStart & { messageId: string }) | null> => {
    const { threadId } = channelOf(thread)
    const pending = threadId ? await state.get<ThreadToStart>(pendingKey(threadId)) : null
    return pending && threadId ? { ...pending, messageId: threadId } : null
  }

  /** Starts `thread`'s Discord thread if it is still to start (named after its first message); one started meanwhile, by another server too, is taken as it is. */
  const startThread = async (thread: string): Promise<void> => {
    const pending = await threadToStart(thread)
    if (!pending) return
    const name = clipDrawn((pending.title ?? '').replace(/\s+/g, ' ').trim() || botUsername, THREAD_NAME_MAX)
    try {
      await rest(`/channels/${pending.channelId}/messages/${pending.messageId}/threads`, 'POST', { name, auto_archive_duration: 1440 })
    } catch (error) {
      if (!(error instanceof PlatformError && error.message.includes(`(code ${THREAD_ALREADY_CREATED})`))) throw error
    }
    await state.delete(pendingKey(pending.messageId))
  }

  /** The Discord channel `thread` posts in (its Discord thread, where it is in one). */
  const channelIdOf = (thread: string) => channelOf(thread).threadId ?? channelOf(thread).channelId

  /** Posts `payload` (a Discord message body) in `thread`, its Discord thread started first where it is still to start; resolves to its {@link messageRef}. */
  const postPayload = async (thread: string, payload: Record<string, unknown>): Promise<string> => {
    await startThread(thread)
    const channelId = channelIdOf(thread)
    const posted = (await rest(`/channels/${channelId}/messages`, 'POST', payload)) as { id?: string; channel_id?: string } | null
    if (!posted?.id) throw new Error('Discord did not say which message the card became')
    return messageRef(posted.channel_id ?? channelId, posted.id)
  }

  /** Replaces each message of `refs` (each a {@link messageRef}) with `payload`. */
  const editPayload = async (refs: string | string[], payload: Record<string, unknown>): Promise<void> => {
    for (const ref of [refs].flat()) {
      const [channelId, messageId] = ref.split(':')
      await rest(`/channels/${channelId}/messages/${messageId}`, 'PATCH', payload)
    }
  }

  return {
    /**
     * Opens the bot's DM channel with the user `userId` (`POST /users/@me/channels`) and resolves
     * its id. Discord refuses a DM to someone who shares no server with the bot or does not take
     * DMs: that throws, like any refusal.
     */
    openDm: async (userId: string): Promise<string> => {
      const dm: { id?: string } | null = await rest('/users/@me/channels', 'POST', { recipient_id: userId })
      if (dm?.id) return dm.id
      throw new Error('Discord opened no DM channel (POST /users/@me/channels answered without an id)')
    },
    postPayload,
    editPayload,
    /** Remembers that the thread on message `messageId` of `channelId` is still to start. */
    deferThread: (channelId: string, messageId: string) => state.set<ThreadToStart>(pendingKey(messageId), { channelId }, PENDING_THREAD_MS),
    /** Names the thread `thread` will start as, after what its first message said, if it is still to start. */
    nameThread: async (thread: string, text: string): Promise<void> => {
      const pending = await threadToStart(thread)
      if (pending && !pending.title) await state.set<ThreadToStart>(pendingKey(pending.messageId), { channelId: pending.channelId, title: text }, PENDING_THREAD_MS)
    },
    /**
     * Posts `text` in `thread`, pinging only the users in `ping`. Where the thread is still to
     * start, it is posted as a reply to the message instead, starting no thread (a refusal of
     * that message's author).
     */
    postText: async (thread: string, text: string, ping: string[] = []): Promise<void> => {
      const pending = await threadToStart(thread)
      const content = { content: clipDrawn(text, CONTENT_MAX), allowed_mentions: { parse: [], users: ping } }
      if (pending) await rest(`/channels/${pending.channelId}/messages`, 'POST', { ...content, message_reference: { message_id: pending.messageId, fail_if_not_exists: false } })
      else await rest(`/channels/${channelIdOf(thread)}/messages`, 'POST', content)
    },
    /** The agent's reply in `thread`, streamed in as many messages as it takes, pinging nobody. */
    reply: ({ thread, text }: { thread: string; text: AsyncIterable<string> }): Promise<void> =>
      streamedReplies(text, REPLY_MAX_CHARS, {
        render: (whole) => clipDrawn(markdown.renderPostable({ markdown: whole }), CONTENT_MAX),
        post: (content) => postPayload(thread, { content, allowed_mentions: PING_NOBODY }),
        edit: (ref, content) => editPayload(ref, { content, allowed_mentions: PING_NOBODY })
      })
  }
}

/** See {@link discordClient}. */
export type DiscordClient = ReturnType<typeof discordClient>
