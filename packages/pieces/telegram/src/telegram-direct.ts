import { type DirectPerson, directEntryId } from 'frogbot/channels'
import type { TelegramAdapter } from '@chat-adapter/telegram'

/**
 * The private chat with `person` for `notify.pieces` (docs/pieces/telegram.md "Direct messages"):
 * Telegram shares no emails, so an assignee is named by instance and numeric Telegram user id,
 * `<instance>:<user id>` (`telegram:1002`, the kit's `directEntryId`); a private chat's id is the
 * user's id. Resolves its thread id, or `undefined` for any other entry. Telegram refuses a bot's
 * message to someone who never started it (`403`): that is a failure, logged, and the next piece
 * is tried.
 */
export async function openTelegramDirect(adapter: Pick<TelegramAdapter, 'encodeThreadId'>, instance: string, person: DirectPerson): Promise<string | undefined> {
  const id = directEntryId(person, instance)
  return id === undefined ? undefined : adapter.encodeThreadId({ chatId: id })
}
