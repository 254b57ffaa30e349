import { once } from 'node:events'
import { Client, GatewayIntentBits, type GatewayMessageCreateDispatchData, Partials } from 'discord.js'
import { errorText, orderedTasks } from 'frogbot/channels'

/** The Gateway intents the listener asks for: servers, their messages, message content (a privileged intent), direct messages. */
const INTENTS = [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.DirectMessages]

/**
 * Holds one Gateway connection (discord.js, with the Message Content intent, its address asked
 * at `apiUrl`) until `signal` aborts: each `MESSAGE_CREATE` is handed to `forward` as Chat SDK's
 * forwarder would post it, in order per channel; a message in a thread of a `respondToChannelIds`
 * channel carries its `thread` (the forwarder's enrichment). discord.js resumes or reconnects a
 * lost connection itself, told to `log`; a login Discord refuses (the token) throws, for the
 * caller to log and try again later.
 */
export async function listenToGateway({ apiUrl, botToken, respondToChannelIds, signal, forward, log }: {
  apiUrl: string
  botToken: string
  respondToChannelIds: string[]
  signal: AbortSignal
  // A forwarded Gateway event, Chat SDK's format (`DiscordForwardedEvent`): the dispatch's type
  // prefixed `GATEWAY_`, when it was forwarded (ms), its data.
  forward: (event: { type: string; timestamp: number; data: unknown }) => Promise<void>
  log: (line: string) => void
}): Promise<void> {
  if (signal.aborted) return
  // The REST base discord.js takes: `api` without the version, and the version, from an API URL
  // ending in `/v<N>` (else the URL as it is, version 10).
  const [, api = apiUrl, version = '10'] = /^(.*)\/v(\d+)$/.exec(apiUrl) ?? []
  const client = new Client({ intents: INTENTS, partials: [Partials.Channel], rest: { api, version } })
  const inOrder = orderedTasks()
  /** The message with its `thread` where it is in a thread of an allowed channel. */
  const enriched = async (message: GatewayMessageCreateDispatchData) => {
    if (respondToChannelIds.length === 0 || message.author?.bot || respondToChannelIds.includes(message.channel_id)) return message
    const channel = await client.channels.fetch(message.channel_id).catch(() => null)
    return channel?.isThread() && channel.parentId && respondToChannelIds.includes(channel.parentId) ? { ...message, thread: { id: channel.id, parent_id: channel.parentId } } : message
  }
  client.on('raw', (packet: { t: string | null; d: GatewayMessageCreateDispatchData }) => {
    if (packet.t !== 'MESSAGE_CREATE') return
    inOrder(packet.d.channel_id, async () => {
      await forward({ type: 'GATEWAY_MESSAGE_CREATE', timestamp: Date.now(), data: await enriched(packet.d) })
    }).catch((error: unknown) => log(`gateway: could not hand on a message: ${errorText(error)}`))
  })
  let stopping = false
  client.on('error', (error) => log(`gateway: ${errorText(error)}`))
  client.on('shardReconnecting', () => stopping || log('gateway: the connection was lost; reconnecting'))
  client.on('shardDisconnect', (event) => stopping || log(`gateway: the connection closed (code ${event.code}) and cannot be resumed; starting it again`))
  try {
    await client.login(botToken)
    if (!signal.aborted) await once(signal, 'abort')
  } finally {
    stopping = true
    await client.destroy()
  }
}
