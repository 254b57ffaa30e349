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

/**
 * The rule for text a person types beside {@link NUL_RULE}: it is well-formed Unicode. A lone
 * surrogate (`\ud800` in JSON) is no character; a strict JSON reader refuses it where it comes back.
 */
export const WELL_FORMED_RULE = 'must be well-formed Unicode (a lone surrogate such as \\ud800 is no character)'

/** The rule `text` breaks of the two for typed text ({@link NUL_RULE}, {@link WELL_FORMED_RULE}), or `null`. */
export function typedTextProblem(text: string): string | null {
  if (hasNul(text)) return NUL_RULE
  return text.isWellFormed() ? null : WELL_FORMED_RULE
}
