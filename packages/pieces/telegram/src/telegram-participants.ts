import type { TelegramAdapter, TelegramMessage, TelegramUser } from '@chat-adapter/telegram'
import type { Author, Message } from 'chat'
import { type DirectPerson, directEntryId, type Participant, withoutAtMentions } from 'frogbot/channels'

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

/**
 * The private chat with `person` for `notify.pieces` (docs/pieces/telegram.md "Direct messages"):
 * Telegram shares no emails, so an assignee is named by instance and numeric Telegram user id,
 * `<instance>:<user id>` (`telegram:1002`, the kit's `directEntryId`); a private chat's id is the
 * user's id. Resolves its thread id, or `undefined` for any other entry. Telegram refuses a bot's
 * message to someone who never started it (`403`): that is a failure, logged, and the next piece
 * is tried.
 */
export async function openTelegramDirect(adapter: TelegramAdapter, instance: string, person: DirectPerson) {
  const id = directEntryId(person, instance)
  return id === undefined ? undefined : adapter.encodeThreadId({ chatId: id })
}
