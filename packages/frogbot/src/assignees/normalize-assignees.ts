/** The most assignees one call keeps. */
export const MAX_ASSIGNEES = 100

/** The longest user id or email an assignee may be, in characters. */
export const MAX_ASSIGNEE_LENGTH = 320

/**
 * The stored form of an assignee list: each entry trimmed, an email (anything with an `@`)
 * lower-cased so that it matches a user's email whatever its case, empty entries and repeats
 * dropped (all of them: the caller refuses a list longer than {@link MAX_ASSIGNEES}, never cuts it).
 * `null` when nothing is left or `value` is not a list of strings (what a misbehaving `assignees`
 * function returns).
 */
export function normalizeAssignees(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null
  const kept = new Set<string>()
  for (const entry of value) {
    if (typeof entry !== 'string') return null
    const trimmed = entry.trim()
    if (trimmed === '' || trimmed.length > MAX_ASSIGNEE_LENGTH) continue
    kept.add(trimmed.includes('@') ? trimmed.toLowerCase() : trimmed)
  }
  return kept.size > 0 ? [...kept] : null
}

/**
 * The assignee entries that name `user`: their id, and their email lower-cased (an assignee that
 * is an email matches the user with that email). Empty for nobody signed in.
 */
export function assigneeKeysOf(user: { id: string; email: string } | null): string[] {
  if (!user) return []
  return user.email ? [user.id, user.email.toLowerCase()] : [user.id]
}
