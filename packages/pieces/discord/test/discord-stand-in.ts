import { type StandInAnswer, type StandInRequest, standInServer } from 'frogbot/testing'
import { componentProblems, shownText } from './discord-message-rules.ts'

/** The application (and bot user) id, the bot token, the server and the channel of the tests. */
export const APPLICATION_ID = '1100000000000000001'
export const BOT_TOKEN = 'test-bot-token.discord'
export const GUILD_ID = '1200000000000000001'
export const CHANNEL_ID = '1300000000000000001'

/** Discord channel types the stand-in knows (Channel, "Channel Types"). */
export const ChannelKind = { GuildText: 0, DM: 1, PublicThread: 11 } as const

/** A message the piece posted or edited: where, its body, its id, and what people see of it. */
export type PostedMessage = { id: string; channelId: string; body: any; text: string }

/** One call the piece made to the stand-in: method, path, body, and the status it got. */
export type ApiCall = { method: string; path: string; body: any; status: number; authorized: boolean }

/** A request as the stand-in reads it: its method, its path without `/api/v10`, and its JSON body. */
const callOf = (request: StandInRequest) => ({ method: request.method, path: request.path.replace(/^\/api\/v10/, ''), body: request.body ? JSON.parse(request.body) : null })

let snowflakes = 1_400_000_000_000_000_000n
/** A fresh Discord id (a snowflake, as a string). */
export const nextId = () => String(++snowflakes)

/**
 * A stand-in on 127.0.0.1 for Discord's REST API (v10), recording what the piece does
 * (discord.com/developers/docs/resources): `GET /channels/{id}` (a channel, a thread with its
 * `parent_id`, a DM; `404 Unknown Channel`, code 10003), `POST /channels/{id}/messages/{mid}/threads`
 * ("Start Thread from Message": the thread's id is the message's; `400` code 160004 when it
 * exists), `POST /channels/{id}/messages` and `PATCH /channels/{id}/messages/{mid}` (`404 Unknown
 * Message`, 10008, for one never posted; `400 Invalid Form Body`, 50035, for a body breaking
 * Discord's rules: see `componentProblems`), `POST /webhooks/{app}/{token}` (interaction
 * followups), `POST /users/@me/channels` (the bot's DM channel with `recipient_id`) and `GET
 * /gateway/bot` (`gatewayUrl`, when given). Every call needs
 * `Authorization: Bot <token>` (followups need none); `401` otherwise. `failNext(status, code,
 * when)` makes the next matching call fail so. The server, its record and its failures are
 * `frogbot/testing`'s `standInServer`.
 */
export async function discordStandIn({ gatewayUrl }: { gatewayUrl?: () => string } = {}) {
  const channels = new Map<string, { id: string; type: number; parent_id?: string; guild_id?: string; recipient?: string }>([[CHANNEL_ID, { id: CHANNEL_ID, type: ChannelKind.GuildText, guild_id: GUILD_ID }]])
  const messages = new Map<string, PostedMessage>()
  const posts: PostedMessage[] = []
  const edits: PostedMessage[] = []

  const handle = (request: StandInRequest): StandInAnswer => {
    const { method, path, body } = callOf(request)
    const followup = /^\/webhooks\//.test(path)
    const answer = (status: number, json: unknown) => ({ status, json })
    if (!(followup || request.headers.authorization === `Bot ${BOT_TOKEN}`)) return answer(401, { message: '401: Unauthorized', code: 0 })
    if (method === 'GET' && path === '/gateway/bot' && gatewayUrl) return answer(200, { url: gatewayUrl(), shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 } })
    let match = /^\/channels\/(\d+)$/.exec(path)
    if (match && method === 'GET') {
      const channel = channels.get(match[1])
      return channel ? answer(200, channel) : answer(404, { message: 'Unknown Channel', code: 10003 })
    }
    match = /^\/channels\/(\d+)\/messages\/(\d+)\/threads$/.exec(path)
    if (match && method === 'POST') {
      const [, parent, messageId] = match
      if (channels.has(messageId)) return answer(400, { message: 'A thread has already been created for this message', code: 160004 })
      const thread = { id: messageId, type: ChannelKind.PublicThread, parent_id: parent, guild_id: GUILD_ID, name: String(body?.name ?? '') }
      channels.set(messageId, thread)
      return answer(201, thread)
    }
    match = /^\/channels\/(\d+)\/messages(?:\/(\d+))?$/.exec(path)
    if (match && (method === 'POST' || method === 'PATCH')) {
      const [, channelId, messageId] = match
      if (!channels.has(channelId)) return answer(404, { message: 'Unknown Channel', code: 10003 })
      const problems = componentProblems(body ?? {})
      if (problems.length > 0) return answer(400, { message: 'Invalid Form Body', code: 50035, errors: problems })
      if (method === 'POST' && !messageId) {
        const posted = { id: nextId(), channelId, body, text: shownText(body) }
        messages.set(posted.id, posted)
        posts.push(posted)
        return answer(200, { id: posted.id, channel_id: channelId, content: body?.content ?? '', components: body?.components ?? [], flags: body?.flags ?? 0, author: { id: APPLICATION_ID, username: 'frogbot', bot: true } })
      }
      const existing = messageId ? messages.get(messageId) : undefined
      if (!existing || existing.channelId !== channelId) return answer(404, { message: 'Unknown Message', code: 10008 })
      const merged = { ...existing.body, ...body }
      const edited = { id: existing.id, channelId, body: merged, text: shownText(merged) }
      messages.set(existing.id, edited)
      edits.push(edited)
      return answer(200, { id: existing.id, channel_id: channelId, content: merged.content ?? '', components: merged.components ?? [], flags: merged.flags ?? 0, author: { id: APPLICATION_ID, username: 'frogbot', bot: true } })
    }
    if (method === 'POST' && path === '/users/@me/channels') {
      // The bot's DM channel with a user: opened once, the same one after.
      const found = [...channels.values()].find((channel) => channel.type === ChannelKind.DM && channel.recipient === body?.recipient_id)
      const dm = found ?? { id: nextId(), type: ChannelKind.DM, recipient: String(body?.recipient_id) }
      channels.set(dm.id, dm)
      return answer(200, { id: dm.id, type: ChannelKind.DM, recipients: [{ id: dm.recipient }] })
    }
    if (followup && method === 'POST') return answer(200, { id: nextId() })
    return answer(404, { message: `404: Not Found (${method} ${path})`, code: 0 })
  }

  const server = await standInServer(handle)
  const apiCalls = (): ApiCall[] => server.calls.map((call) => ({ ...callOf(call), status: call.status, authorized: /^\/api\/v10\/webhooks\//.test(call.path) || call.headers.authorization === `Bot ${BOT_TOKEN}` }))

  const isCard = (message: PostedMessage) => Array.isArray(message.body?.components) && message.body.components.length > 0
  return {
    url: `${server.url}/api/v10`,
    /** Every call so far, oldest first (see {@link ApiCall}). */
    get calls() {
      return apiCalls()
    },
    /** Adds a channel Discord knows: a DM channel, or a thread of the test channel. */
    addChannel: (channel: { id: string; type: number; parent_id?: string }) => void channels.set(channel.id, { ...channel, ...(channel.type === ChannelKind.DM ? {} : { guild_id: GUILD_ID }) }),
    channel: (id: string) => channels.get(id),
    /** The question cards posted so far (messages with components), oldest first. */
    cards: () => posts.filter(isCard),
    /** The other messages posted so far (replies and notices), oldest first, as they read now (a streamed reply's last edit). */
    messages: () => posts.filter((message) => !isCard(message)).map((message) => messages.get(message.id)!),
    /** The edits of message `id`, oldest first. */
    editsOf: (id: string) => edits.filter((edit) => edit.id === id),
    /** The message `id` as it is now. */
    message: (id: string) => messages.get(id),
    /** Calls that reached discord.com's paths through another host are impossible here; calls without the bot token, or refused. */
    refusedCalls: () => apiCalls().filter((call) => call.status >= 400),
    /** Makes the next call `when` matches fail with `status` and Discord's error `code`. */
    failNext: (status: number, code: number, when: (call: ReturnType<typeof callOf>) => boolean = () => true) =>
      server.failNext({ when: (request) => when(callOf(request)) }, { status, json: { message: `the stand-in was told to fail this call (${code})`, code } }),
    close: server.close
  }
}

/** See {@link discordStandIn}. */
export type DiscordStandIn = Awaited<ReturnType<typeof discordStandIn>>
