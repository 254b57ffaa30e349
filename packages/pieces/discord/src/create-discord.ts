import { DiscordAdapter } from '@chat-adapter/discord'
import { ChannelType, type GatewayMessageCreateDispatchData } from 'discord.js'
import { type ChatSdkContext, createChatSdkPiece, directEntryId, type KitPiece } from 'frogbot/channels'
import { handleDiscordActions } from './discord-actions.ts'
import { unreadableBody } from './discord-bodies.ts'
import { type DiscordClient, discordClient } from './discord-client.ts'
import { listenToGateway } from './discord-gateway.ts'
import { discordDrawing } from './discord-drawing.ts'
import { discordNames, participantOf } from './discord-people.ts'
import { type DiscordOptions, discordSettings } from './discord-settings.ts'
import { discordVerifier, GATEWAY_TOKEN_HEADER } from './discord-webhook.ts'

/** A Discord piece (see {@link createDiscord}); `idle()` resolves once no webhook handler or reply of it is in flight. */
export type DiscordPiece = KitPiece

/** How long Discord waits for the answer to an interaction (Receiving and Responding: 3 s). */
const ACK_DEADLINE_MS = 3000

/** A message as the Gateway delivers it (Message Create: `author`, `member` in a server, `guild_id`, what says whether it mentions the bot), with the thread a forwarder resolved. */
type GatewayMessage = GatewayMessageCreateDispatchData & { channel_type?: ChannelType; thread?: unknown }

/** Discord's channel types of threads (Channel, "Channel Types"). */
const THREAD_TYPES: (ChannelType | undefined)[] = [ChannelType.PublicThread, ChannelType.PrivateThread]

/**
 * The Discord piece (`@frogbotai/piece-discord`) on Chat SDK's Discord adapter and FrogBot's piece
 * kit. List it on an agent, `channels: [createDiscord()]`; FrogBot serves the application's
 * Interactions Endpoint at `/api/webhooks/<instance>`, and the server (or `frogbot channels:run`)
 * holds one Gateway connection for messages, handing each to the same webhook handler as a
 * forwarded Gateway event. A mention in a channel starts a thread on that message; in a thread or
 * forum post a mention starts and later messages continue without one; a DM answers every
 * message; `respondToChannelIds` channels need no mention. The reply is posted in the thread; a
 * `question` call is drawn as a Components V2 card of buttons and string selects (see
 * `questionCard`) anyone the agent's `access` accepts can answer: Discord shares no email, so
 * the `access` decides on the participant's Discord id, username or roles (the default refuses
 * everyone). The first valid answer wins, and the card is edited to the answers and who gave
 * them. Interactions are verified (Ed25519, 5 minutes, once), forwarded events by the bot token;
 * every Discord call goes to `apiUrl`. Only the `question` kind is offered in its chats. Throws
 * `ConfigError` when the application id, public key or bot token is missing or malformed, the
 * API URL is not http(s), or the instance name is not URL-safe.
 */
export function createDiscord(options: DiscordOptions = {}): DiscordPiece {
  const { instance, applicationId, publicKey, botToken, botUsername, mentionRoleIds, respondToChannelIds, apiUrl } = discordSettings(options)
  const label = options.label ?? 'Discord'
  let adapter!: DiscordAdapter
  let client!: DiscordClient
  /** The bot's mentions, taken out of what a message says: `<@id>`, `<@!id>`, a mention role's, `@name`. */
  const roleMentions = mentionRoleIds.map((id) => `<@&${id}>`)
  const botMentions = [`<@${applicationId}>`, `<@!${applicationId}>`, ...roleMentions, `@${botUsername}`]

  /**
   * A verified body as Chat SDK's adapter is to read it: a forwarded message that starts a thread
   * (a mention, or any message of a `respondToChannelIds` channel, outside a thread) carries the
   * thread it will start (Chat SDK's forwarded `thread`, the message's own id), remembered as
   * still to start (see `discordClient`), so that the adapter starts none itself.
   */
  const withDeferredThread = async (body: string): Promise<string> => {
    const event = JSON.parse(body) as { type: unknown; data: GatewayMessage }
    if (event.type !== 'GATEWAY_MESSAGE_CREATE') return body
    const message = event.data
    const mentioned = message.mentions.some((user) => user.id === applicationId) || !!message.mention_roles?.some((role) => mentionRoleIds.includes(role)) || (!message.author.bot && respondToChannelIds.includes(message.channel_id))
    if (!mentioned || message.thread || THREAD_TYPES.includes(message.channel_type)) return body
    await client.deferThread(message.channel_id, message.id)
    return JSON.stringify({ ...event, data: { ...message, thread: { id: message.id, parent_id: message.channel_id } } })
  }

  /**
   * A forwarded Gateway event handed to the webhook's own handling in this process (the kit's
   * `deliver`): verified (bot token, time, once) and read as a request to the webhook would be;
   * one that cannot be read is logged and skipped.
   */
  const forwardIn = (context: ChatSdkContext<DiscordAdapter>) => async (event: unknown) => {
    const request = new Request(`http://frogbot.invalid/api/webhooks/${instance}`, { method: 'POST', headers: { 'content-type': 'application/json', [GATEWAY_TOKEN_HEADER]: botToken }, body: JSON.stringify(event) })
    const response = await context.deliver(request)
    if (response.status === 400) context.log(`gateway: skipped an event: ${((await response.json()) as { error: string }).error}`)
  }

  return createChatSdkPiece({
    piece: 'discord',
    instance,
    label,
    identity: { by: 'platform-id', hint: "Discord shares no email: write the agent's access on req.channel.userId (the Discord user id), username or roles" },
    now: options.now,
    userName: botUsername,
    ackDeadlineMs: ACK_DEADLINE_MS,
    supportsKind: (kind) => kind === 'question' || kind === 'approval',
    // Direct messages for `notify.pieces` (docs/pieces/discord.md "Direct messages"): Discord shares
    // no emails, so an assignee is named `<instance>:<user id>` (`discord:80351110224678912`); any
    // other entry is not this piece's. A DM Discord refuses is an error, logged, and the next piece
    // is tried.
    openDirect: async (person) => {
      const id = directEntryId(person, instance)
      return id ? adapter.encodeThreadId({ guildId: '@me', channelId: await client.openDm(id) }) : undefined
    },
    describe: ({ agentSlug, webhookPath }) => [`channel ${instance}: ${label} for agent ${agentSlug}, webhook ${webhookPath} (the application's Interactions Endpoint URL), messages through the Gateway`],
    adapter: ({ logger, state, webhookVerifier }) => {
      adapter = new DiscordAdapter({
        applicationId,
        botToken,
        apiUrl,
        // Every request reaches the adapter only once the piece's verifier admitted it (the
        // signature, its time and the replay guard, which the adapter's own check lacks).
        // No contentFormat: the adapter posts nothing, the piece's client draws every message.
        webhookVerifier,
        mentionRoleIds,
        respondToChannelIds,
        userName: botUsername,
        logger
      })
      client = discordClient({ apiUrl, botToken, botUsername, state, channelOf: (thread) => adapter.decodeThreadId(thread) })
      return adapter
    },
    verify: discordVerifier({ publicKey, botToken }),
    receive: async (body, _request, _context, handOn) => handOn(await withDeferredThread(body)),
    unreadableBody: (body, request) => unreadableBody(body, request.headers.has(GATEWAY_TOKEN_HEADER)),
    setup: ({ bot, runtime, state }) => {
      const names = discordNames(state)
      handleDiscordActions({ bot, client, runtime, names })
      return {
        drawing: discordDrawing({ client, names }),
        participantOf: (_author, message) => {
          const { author, member } = message.raw as GatewayMessage
          return names.remember(participantOf(author, member))
        },
        // A typed answer after Other… is the kit's capture: the runtime reads it before the agent does.
        textOf: async ({ text, threadId }) => {
          const said = botMentions.reduce((left, mention) => left.replaceAll(mention, ''), text).trim()
          await client.nameThread(threadId, said)
          return said
        },
        accountOf: (message) => (message.raw as GatewayMessage).guild_id ?? null
      }
    },
    listen: (context, { signal }) => listenToGateway({ apiUrl, botToken, respondToChannelIds, signal, forward: forwardIn(context), log: context.log })
  })
}
