import { InteractionType } from 'discord.js'
import { isJsonObject as isObject, jsonObject, type JsonObject as Json } from 'frogbot/channels'

const isId = (value: unknown) => typeof value === 'string' && /^\d{1,20}$/.test(value)
const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string')

/**
 * Why a forwarded Gateway event cannot be read, or null: it needs a `type` string; a
 * `GATEWAY_MESSAGE_CREATE` the fields of its message that Chat SDK's handler reads unchecked.
 */
function eventProblem({ type, data }: Json): string | null {
  if (typeof type !== 'string') return 'a forwarded Gateway event needs a type'
  if (type !== 'GATEWAY_MESSAGE_CREATE') return null
  if (!isObject(data)) return 'a forwarded message needs data, an object'
  if (!isId(data.id) || !isId(data.channel_id)) return 'a forwarded message needs an id and a channel_id (Discord ids)'
  if (!isObject(data.author) || !isId(data.author.id)) return 'a forwarded message needs author.id (a Discord id)'
  if (typeof data.content !== 'string') return 'a forwarded message needs content, a string'
  if (!Array.isArray(data.mentions) || !data.mentions.every((mention) => isObject(mention) && typeof mention.id === 'string')) return 'a forwarded message needs mentions, a list of users'
  if (data.mention_roles !== undefined && !strings(data.mention_roles)) return 'mention_roles must be a list of ids'
  if (data.attachments !== undefined && !(Array.isArray(data.attachments) && data.attachments.every(isObject))) return 'attachments must be a list of objects'
  if (data.thread !== undefined && !(isObject(data.thread) && isId(data.thread.id) && isId(data.thread.parent_id))) return 'thread must have an id and a parent_id'
  if (data.member !== undefined && !(isObject(data.member) && (data.member.roles === undefined || strings(data.member.roles)))) return 'member.roles must be a list of ids'
  return null
}

/**
 * Why an interaction cannot be read, or null: it needs a numeric `type`; a component its custom
 * id, channel, message and user.
 */
function interactionProblem(interaction: Json): string | null {
  if (typeof interaction.type !== 'number') return 'an interaction needs a numeric type'
  if (interaction.type !== InteractionType.MessageComponent) return null
  const data = interaction.data
  if (!isObject(data) || typeof data.custom_id !== 'string') return 'a component interaction needs data.custom_id'
  if (data.values !== undefined && !strings(data.values)) return 'data.values must be a list of strings'
  if (!isId(interaction.channel_id) || !isObject(interaction.message) || !isId(interaction.message.id)) return 'a component interaction needs channel_id and message.id (Discord ids)'
  const member = interaction.member
  const user = isObject(member) ? member.user : interaction.user
  if (!isObject(user) || !isId(user.id)) return 'a component interaction needs member.user or user, with an id'
  if (isObject(member) && member.roles !== undefined && !strings(member.roles)) return 'member.roles must be a list of ids'
  return null
}

/**
 * Why a verified body cannot be read (FrogBot's `400 bad-request`), or null: a forwarded Gateway
 * event is an object with a `type` string and, for a message, the fields Chat SDK reads; an
 * interaction is an object with a numeric `type` and, for a component, its custom id, channel,
 * message and user. Other interaction types are Chat SDK's (slash commands) or refused by it.
 */
export function unreadableBody(body: string, forwarded: boolean): string | null {
  const value = jsonObject(body)
  if (typeof value === 'string') return `Refused: the body is ${value}.`
  const problem = forwarded ? eventProblem(value) : interactionProblem(value)
  return problem ? `Refused: ${problem}.` : null
}
