/** A person an assignee entry names, for a card: an email's name part in words (`dana.smith@…` → `Dana Smith`), a user id as it is. */
export function assigneeName(entry: string): string {
  const at = entry.indexOf('@')
  if (at <= 0) return entry
  return entry
    .slice(0, at)
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * Who a waiting call asks, for its card (docs/chat/reach-people.md, "Who is asked"): "Waiting for
 * Dana", "Waiting for you and Dana", "Waiting for Dana, Carl and 2 others". `me` is the signed-in
 * user (their id and email name them "you"). Empty for a call that names nobody.
 */
export function assigneesText(assignees: readonly string[] | undefined, me?: { id: string; email: string } | null): string {
  if (!assignees || assignees.length === 0) return ''
  const mine = (entry: string) => Boolean(me) && (entry === me!.id || entry.toLowerCase() === me!.email.toLowerCase())
  const names = [...(assignees.some(mine) ? ['you'] : []), ...assignees.filter((entry) => !mine(entry)).map(assigneeName)]
  const shown = names.length > 3 ? [...names.slice(0, 2), `${names.length - 2} others`] : names
  const list = shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
  return `Waiting for ${list}`
}
