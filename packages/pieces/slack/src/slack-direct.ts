import type { SlackAdapter } from '@chat-adapter/slack'
import type { DirectPerson } from 'frogbot/channels'
import { slackErrorOf } from './slack-identity.ts'

/**
 * Opens a direct message with `person` for `notify.pieces` (docs/pieces/slack.md "Direct
 * messages"): finds the Slack user with their email (`users.lookupByEmail`, the app's
 * `users:read.email` scope) and opens the bot's conversation with them (`conversations.open`, the
 * `im:write` scope, through the adapter's `openDM`). Resolves the conversation's thread id, or
 * `undefined` for a person without an email FrogBot knows or whom Slack does not know
 * (`users_not_found`); any other failure throws.
 */
export async function openSlackDirect(adapter: SlackAdapter, person: DirectPerson): Promise<string | undefined> {
  if (!person.email) return undefined
  let userId: string | undefined
  try {
    userId = (await adapter.webClient.users.lookupByEmail({ email: person.email })).user?.id
  } catch (error) {
    if (slackErrorOf(error) === 'users_not_found') return undefined
    throw error
  }
  return userId ? adapter.openDM(userId) : undefined
}
