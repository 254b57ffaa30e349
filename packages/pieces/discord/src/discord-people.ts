import type { ChannelState, NameOf, Participant } from 'frogbot/channels'
import type { SettledBy } from 'frogbot'
import { escapeMarkdown } from './discord-components.ts'

/** A Discord user as messages and interactions carry them (discord.com/developers/docs/resources/user). */
export type DiscordUser = { id: string; username?: string; global_name?: string | null; bot?: boolean }

/** A server member as messages and interactions carry them (Guild Member: `nick`, `roles`, and the user on interactions). */
export type DiscordMember = { user?: DiscordUser; nick?: string | null; roles?: string[] }

/** How long a participant's username is kept for naming them on settled cards (ms): as long as a card record. */
const USERNAME_KEEP_MS = 30 * 24 * 60 * 60_000

/**
 * A Discord participant (docs/pieces/discord.md, who can answer): the user id (a string), the name
 * people see there (the server nickname, else the display name, else the username), the
 * `username`, and in a server the member's role ids as `roles`. Discord shares no email, so no
 * participant is a FrogBot user: the agent's `access` decides on these fields.
 */
export function participantOf(user: DiscordUser, member?: DiscordMember | null): Participant {
  const name = member?.nick || user.global_name || user.username
  return { userId: user.id, ...(name ? { name } : {}), ...(user.username ? { username: user.username } : {}), ...(member?.roles ? { roles: [...member.roles] } : {}) }
}

/**
 * Who settled a call, as the piece names them: a participant by their name and username,
 * "Ada Lovelace (@ada)" (Markdown escaped where `escape`), else as FrogBot says it. A settlement
 * records the participant's id and name only, so the username is kept in the piece's state when
 * the participant acts (`remember`), for every server to name them alike.
 */
export function discordNames(state: ChannelState) {
  const key = (userId: string) => `frogbot:discord:username:${userId}`
  const plain = (name: string | undefined, userId: string, username: string | null) => (username ? `${name ?? username} (@${username})` : (name ?? userId))
  return {
    /** Keeps `participant`'s username for naming them later; resolves to `participant`. */
    remember: async (participant: Participant): Promise<Participant> => {
      if (typeof participant.username === 'string') await state.set(key(participant.userId), participant.username, USERNAME_KEEP_MS)
      return participant
    },
    /**
     * The kit's `NameOf` for who settled a call, `by` (its username looked up first): a
     * participant as "Ada Lovelace (@ada)", FrogBot itself as "FrogBot"; Markdown escaped with `escape`.
     */
    nameOf: async (by: SettledBy | null | undefined, { escape = false }: { escape?: boolean } = {}): Promise<NameOf> => {
      const known = by && 'channel' in by ? { userId: by.channel.userId, username: await state.get<string>(key(by.channel.userId)) } : null
      return (named) => {
        const text = 'channel' in named ? plain(named.channel.name, named.channel.userId, known?.userId === named.channel.userId ? known.username : null) : 'system' in named ? 'FrogBot' : 'someone'
        return escape ? escapeMarkdown(text) : text
      }
    }
  }
}

/** See {@link discordNames}. */
export type DiscordNames = ReturnType<typeof discordNames>
