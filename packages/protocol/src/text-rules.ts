/**
 * The rule for text a person types (a message, an edit, a typed answer, a dismissal's reason;
 * docs/project/guarantees.md, Limits): it never holds NUL (U+0000). Nobody types it on purpose (a paste or
 * a broken client sends it), no terminal or chat UI shows it, and PostgreSQL's text types cannot
 * hold it; such text is refused with this rule, never changed, so what is stored is what was sent,
 * the same on SQLite and PostgreSQL.
 */
export const NUL_RULE = 'must not contain NUL (U+0000)'

/** Whether `text` holds NUL (U+0000), which {@link NUL_RULE} refuses. */
export function hasNul(text: string): boolean {
  return text.includes('\0')
}
