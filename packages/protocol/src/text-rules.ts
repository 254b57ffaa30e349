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

/**
 * The rule for a message's text (`prompt`, a message's text parts, an edit's `text`) that shows
 * nothing: refused at every door with this rule, naming the field (docs/project/guarantees.md).
 */
export const BLANK_RULE = 'must not be empty or blank'

/**
 * White space, format characters (Unicode's Cf: zero-width spaces and joiners, bidi marks, BOM),
 * the other default-ignorable code points (variation selectors, Hangul fillers, U+034F…) and the
 * control characters (Unicode's Cc: C0, DEL and C1, `\u0001`, `\u001b`, `\u007f`, `\u0085`) but NUL:
 * nothing a person sees on its own. NUL (U+0000) is left to {@link NUL_RULE}, which refuses it
 * wherever it is, so text holding it is refused with that rule, never dropped as blank.
 */
const INVISIBLE = /^[\s\p{Cf}\p{Default_Ignorable_Code_Point}\u0001-\u001f\u007f-\u009f]*$/u

/**
 * Whether `text` shows nothing: empty, or only white space, zero-width, bidi control, other
 * default-ignorable or control characters ({@link INVISIBLE}; NUL is not blank but refused by
 * {@link NUL_RULE}). The one check of blank text: a message's, an edit's and a chat title's.
 */
export function isBlankText(text: string): boolean {
  return INVISIBLE.test(text)
}

/**
 * A dismissal's or a decision's `reason` as it is kept: `reason` when it shows something, else
 * `undefined`: a reason that {@link isBlankText} calls blank (`"   "`, `"\u200b\u202e"`, `"\u001b"`) is
 * no reason, at every door (the settle body, a `useChat` tool error, AG-UI, the CLI's `--reason`,
 * code), so nothing of it is stored or appended to the tool error the model reads.
 */
export function givenReason(reason: string | undefined): string | undefined {
  return reason === undefined || isBlankText(reason) ? undefined : reason
}
