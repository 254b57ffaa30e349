import type { Message } from 'chat'
import type { LinearRawMessage } from '@chat-adapter/linear'
import type { Participant } from 'frogbot/channels'
import type { LinearUser } from './linear-payloads.ts'

/**
 * A Linear user as the piece hands them to FrogBot: `userId` their Linear user id, `name` their
 * name, `email` their email (Linear shares it with apps; FrogBot matches it to a FrogBot user),
 * `username` the handle of their profile address (`linear.app/<workspace>/profiles/<username>`), when given.
 */
export type LinearParticipant = Participant & { name: string; username?: string }

const PROFILE = /\/profiles\/([^/?#]+)/

const participant = ({ id, name, email, username }: { id: string; name: string; email?: string | null; username?: string }): LinearParticipant => ({
  userId: id,
  name: name || id,
  ...(email ? { email } : {}),
  ...(username ? { username } : {})
})

/** The person of a webhook payload (who prompted a session, or created it), as a {@link LinearParticipant}. */
export const userParticipant = (user: LinearUser): LinearParticipant => participant({ ...user, username: PROFILE.exec(user.url)?.[1] })

/**
 * The author of a session message Chat SDK's adapter made: it keeps the payload's user, with their
 * email, in `message.raw.comment.user` (not on `message.author`).
 */
export function messageParticipant(message: Message): LinearParticipant {
  const user = (message.raw as LinearRawMessage | undefined)?.comment?.user
  if (!user) return participant({ id: message.author.userId, name: message.author.fullName || message.author.userName })
  return participant({ id: user.id, name: user.fullName || user.displayName, email: user.email, username: user.displayName || undefined })
}

/** The Linear workspace (organization id) a session message came from, the chat's `account`. */
export const workspaceOf = (message: Message): string | null => (message.raw as LinearRawMessage | undefined)?.organizationId || null

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** What a session message says, for the agent and for answers: its Markdown with the app's mentions (`@name`) taken out, trimmed. */
export function messageText(appName: () => string | null) {
  return (message: Message): string => {
    const name = appName()
    const text = message.text ?? ''
    return (name ? text.replace(new RegExp(`(?<![\\w@])@${escapeRegex(name)}(?![\\w-])`, 'gi'), '') : text).trim()
  }
}
