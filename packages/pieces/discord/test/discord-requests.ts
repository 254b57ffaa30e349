import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { signedDeliveries } from 'frogbot/testing'
import { APPLICATION_ID, BOT_TOKEN, CHANNEL_ID, GUILD_ID, nextId } from './discord-stand-in.ts'

/** An Ed25519 key pair as Discord has one: the private key signs, the public key is 64 hex digits (the raw 32 bytes after the SPKI head). */
export function ed25519Keys(): { privateKey: KeyObject; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return { privateKey, publicKey: publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex') }
}

/** The application's key of the tests (what DISCORD_PUBLIC_KEY holds), and one Discord never had. */
export const KEYS = ed25519Keys()
export const FOREIGN_KEYS = ed25519Keys()

/** A request as a platform sends it. */
export type Delivery = { body: string; headers: Record<string, string> }

/** A person on Discord of the tests: user id, username, display name, server roles. */
export type DiscordPerson = { id: string; username: string; globalName: string; roles?: string[] }

/** Discord's signature headers of `body` at `now` (ms): Ed25519 over the timestamp (seconds) and the body, with the application's key. */
const discordSignature = signedDeliveries<KeyObject>({
  key: KEYS.privateKey,
  sign: (body, key, now) => {
    const timestamp = String(Math.floor(now / 1000))
    return { 'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), key).toString('hex'), 'x-signature-timestamp': timestamp }
  }
})

/**
 * An interaction as Discord sends it to the Interactions Endpoint: the body (as given, or
 * JSON-encoded) signed with `key` over the timestamp (`now`, seconds) and the body.
 */
export function signedInteraction(interaction: unknown, options: { now?: number; key?: KeyObject } = {}): Delivery {
  return discordSignature(interaction as string | object, options)
}

/** Discord's PING, as it checks an Interactions Endpoint URL. */
export const ping = () => ({ id: nextId(), application_id: APPLICATION_ID, type: 1, token: 'ping-token', version: 1 })

/** Where something happened: a thread of the test channel (by its id), the channel itself, or a DM channel. */
export type Where = { thread: string } | { channel: string } | { dm: string }

const channelOf = (where: Where) => ('thread' in where ? where.thread : 'channel' in where ? where.channel : where.dm)
const discordUser = (who: DiscordPerson) => ({ id: who.id, username: who.username, global_name: who.globalName, discriminator: '0', avatar: null })

/**
 * A click on a card's control (a MESSAGE_COMPONENT interaction): `customId` on message `messageId`
 * in a thread (its parent the test channel), or a DM; `values` for a select.
 */
export function componentInteraction({ who, customId, messageId, where, values }: { who: DiscordPerson; customId: string; messageId: string; where: Where; values?: string[] }) {
  const channelId = channelOf(where)
  const inServer = !('dm' in where)
  return {
    id: nextId(),
    application_id: APPLICATION_ID,
    type: 3,
    token: `interaction-token-${nextId()}`,
    version: 1,
    ...(inServer ? { guild_id: GUILD_ID, member: { user: discordUser(who), roles: who.roles ?? [], nick: null, permissions: '0' } } : { user: discordUser(who) }),
    channel_id: channelId,
    channel: 'thread' in where ? { id: channelId, type: 11, parent_id: CHANNEL_ID } : { id: channelId, type: inServer ? 0 : 1 },
    message: { id: messageId, channel_id: channelId, flags: 1 << 15 },
    data: { custom_id: customId, component_type: values ? 3 : 2, ...(values ? { values } : {}) }
  }
}

/**
 * A message as the piece's Gateway listener forwards it (Chat SDK's format: `GATEWAY_MESSAGE_CREATE`,
 * the time it was forwarded, Discord's MESSAGE_CREATE data), with the bot token: `mention` pings
 * the bot, `roles` those roles; `id` defaults to a fresh one.
 */
export function forwardedMessage({ who, text, where, mention = false, id = nextId(), bot = false, roles = [] }: { who: DiscordPerson; text: string; where: Where; mention?: boolean; id?: string; bot?: boolean; roles?: string[] }, { now = Date.now(), token = BOT_TOKEN }: { now?: number; token?: string } = {}): Delivery {
  const channelId = channelOf(where)
  const inServer = !('dm' in where)
  const data = {
    id,
    type: 0,
    channel_id: channelId,
    channel_type: 'thread' in where ? 11 : inServer ? 0 : 1,
    ...(inServer ? { guild_id: GUILD_ID, member: { roles: who.roles ?? [], nick: null } } : {}),
    author: { ...discordUser(who), ...(bot ? { bot: true } : {}) },
    content: [...(mention ? [`<@${APPLICATION_ID}>`] : []), ...roles.map((role) => `<@&${role}>`), text].join(' '),
    mentions: mention ? [{ id: APPLICATION_ID, username: 'frogbot', bot: true }] : [],
    mention_roles: roles,
    mention_everyone: false,
    attachments: [],
    embeds: [],
    timestamp: new Date(now).toISOString(),
    edited_timestamp: null
  }
  return { body: JSON.stringify({ type: 'GATEWAY_MESSAGE_CREATE', timestamp: now, data }), headers: { 'content-type': 'application/json', 'x-discord-gateway-token': token } }
}
