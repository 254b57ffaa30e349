import type { DirectPerson } from 'frogbot/channels'
import type { DiscordAdapter } from '@chat-adapter/discord'
import type { DiscordClient } from './discord-client.ts'

/**
 * Opens the bot's direct message with `person` for `notify.pieces` (docs/pieces/discord.md
 * "Direct messages"): Discord shares no emails, so an assignee is named by instance and Discord
 * user id, `<instance>:<user id>` (`discord:80351110224678912`), and the DM channel is opened with
 * `POST /users/@me/channels`. Resolves its thread id, or `undefined` for any other entry. Discord
 * refuses a DM to someone who shares no server with the bot or does not take DMs (an error,
 * logged, and the next piece is tried).
 */
export async function openDiscordDirect({ adapter, client }: { adapter: Pick<DiscordAdapter, 'encodeThreadId'>; client: Pick<DiscordClient, 'rest'> }, instance: string, person: DirectPerson): Promise<string | undefined> {
  const prefix = `${instance}:`
  const id = person.entry.startsWith(prefix) ? person.entry.slice(prefix.length) : ''
  if (!/^\d{1,20}$/.test(id)) return undefined
  const channel = (await client.rest('/users/@me/channels', 'POST', { recipient_id: id })) as { id?: string } | null
  if (!channel?.id) throw new Error('Discord opened no DM channel (POST /users/@me/channels answered without an id)')
  return adapter.encodeThreadId({ guildId: '@me', channelId: channel.id })
}
