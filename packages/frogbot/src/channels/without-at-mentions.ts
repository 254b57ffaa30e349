const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * `text` without the `@` mentions of any of `names` (the bot's name, its other spellings), in any
 * letter case, each only as a whole mention: not inside an email or another mention (`a@name`,
 * `@@name`), not the start of a longer name (`@name-two`, `@names`); then trimmed. Where one name
 * starts another (`name`, `name[bot]`), the longer one is taken out whole. The mention of a
 * platform that writes mentions as `@name` (GitHub, Linear).
 */
export function withoutAtMentions(text: string, names: string[]): string {
  if (names.length === 0) return text.trim()
  const alternatives = [...names].sort((a, b) => b.length - a.length).map(escapeRegex)
  return text.replace(new RegExp(`(?<![\\w@])@(?:${alternatives.join('|')})(?![\\w-])`, 'gi'), '').trim()
}
