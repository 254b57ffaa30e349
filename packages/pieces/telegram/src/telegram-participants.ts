import type { TelegramMessage, TelegramUser } from '@chat-adapter/telegram'
import type { Author, Message } from 'chat'
import { type Participant, withoutAtMentions } from 'frogbot/channels'

/**
 * A Telegram user as the piece hands them to FrogBot (`req.channel`, docs/pieces/telegram.md, who can
 * answer): `userId` is their numeric Telegram user id as a string (stable: a username can be
 * changed or given up), `name` their first and last name as Telegram shows them (else their
 * username, else their id), `username` their @username without the `@`, where they have one.
 * Telegram shares no email, so they are no FrogBot user.
 */
export type TelegramParticipant = Participant & { name: string; username?: string }

/** `user` as a {@link TelegramParticipant}. */
export function telegramParticipant(user: Pick<TelegramUser, 'id' | 'first_name' | 'last_name' | 'username'>): TelegramParticipant {
  const name = [user.first_name, user.last_name].filter((part) => typeof part === 'string' && part.trim()).join(' ').trim() || user.username || String(user.id)
  return { userId: String(user.id), name, ...(user.username ? { username: user.username } : {}) }
}

/** The author of a message, as a {@link TelegramParticipant} (Chat SDK's author where the message has no `from`). */
export function messageParticipant(author: Author, message: Message): TelegramParticipant {
  const from = (message.raw as TelegramMessage | undefined)?.from
  if (from) return telegramParticipant(from)
  return { userId: author.userId, name: author.fullName || author.userName || author.userId }
}

/** What a message says, for the agent and for answers: its text, the bot's `@username` mentions taken out (the kit's `withoutAtMentions`), trimmed. */
export const messageText = (userName: () => string) => (message: Message) => withoutAtMentions(message.text, [userName()])
