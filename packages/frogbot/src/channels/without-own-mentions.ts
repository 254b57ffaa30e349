import { withoutAtMentions } from './without-at-mentions.ts'

/** A mention of an account, as a platform gives it: the account's id and the name written. */
type Mention = { id?: string; name?: string }

/**
 * `text` without the bot's `@` mentions among `mentions` (what a platform says a message mentions:
 * the account's `id` and the `name` it is written as in `text`, `@<name>`), trimmed: a mention is
 * the bot's when its `id` is one of `ownIds` in any letter case (ids as GUIDs), and is taken out
 * only where whole (the kit's `withoutAtMentions`: `ada@FrogBot.example` keeps its text). A
 * mention without an id or a name is left. For a platform that says which account each mention
 * names (Microsoft Teams' `mention` entities).
 */
export function withoutOwnMentions(text: string, mentions: Mention[], ownIds: string[]): string {
  const own = new Set(ownIds.map((id) => id.toLowerCase()))
  const names = mentions.flatMap(({ id, name }) => (id && name && own.has(id.toLowerCase()) ? [name] : []))
  return withoutAtMentions(text, names)
}
