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
 * The characters nobody sees on their own, as a regular expression's class: white space, format
 * characters (Unicode's Cf: zero-width spaces and joiners, bidi marks, soft hyphen, BOM), the other
 * default-ignorable code points (variation selectors, Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
 * U+034F…), the braille pattern blank (U+2800, drawn as an empty cell) and the control characters
 * (Unicode's Cc: C0, DEL and C1, `\u0001`, `\u001b`, `\u007f`, `\u0085`) but NUL, which is left to
 * {@link NUL_RULE}: it refuses NUL wherever it is, so text holding it is refused with that rule,
 * never dropped as blank.
 */
const INVISIBLE_CLASS = String.raw`[\s\p{Cf}\p{Default_Ignorable_Code_Point}\u2800\u0001-\u001f\u007f-\u009f]`

/** One character of {@link INVISIBLE_CLASS}. */
const INVISIBLE_CHARACTER = new RegExp(`^${INVISIBLE_CLASS}$`, 'u')

/**
 * Text nobody sees: characters of {@link INVISIBLE_CLASS} and combining marks (Unicode's M: a lone
 * U+0301 has no letter to sit on), in any number. A mark beside a letter shows (`"e\u0301"` is `é`).
 */
const INVISIBLE = new RegExp(`^(?:${INVISIBLE_CLASS}|\\p{M})*$`, 'u')

/**
 * Whether `char` (one code point) is one nobody sees on its own: white space, zero-width, bidi
 * control, other default-ignorable, U+2800 or a control character but NUL ({@link INVISIBLE_CLASS}).
 * A combining mark is not: beside a letter it shows (`é` written `e` + U+0301).
 */
export function isInvisibleCharacter(char: string): boolean {
  return INVISIBLE_CHARACTER.test(char)
}

/**
 * Whether `text` shows nothing: empty, or only white space, zero-width, bidi control, other
 * default-ignorable (Hangul fillers included), braille pattern blank (U+2800) or control characters,
 * and combining marks with no letter to sit on (a lone U+0301) ({@link INVISIBLE}; NUL is not blank
 * but refused by {@link NUL_RULE}). The one check of blank text: a message's, an edit's, a typed
 * answer's, a reason's and a chat title's.
 */
export function isBlankText(text: string): boolean {
  return INVISIBLE.test(text)
}

/**
 * The rule an email breaks when it holds a character nobody sees or a terminal runs: a control
 * character (C0 but NUL, which {@link NUL_RULE} refuses first, DEL, C1), or an invisible or format
 * one (zero-width, bidi control, soft hyphen, BOM, other default-ignorable, U+2800). Such an email
 * names nobody a person can type or read: `a\u001b[31mb@example.com` prints as `a?[31mb@…`,
 * `x\u200b@example.com` reads `x@example.com`. See {@link invisibleCharacterIn}.
 */
export const EMAIL_CHARACTERS_RULE = 'must not contain control or invisible characters ' +
  '(C0 and C1 controls, DEL, zero-width, bidi controls, soft hyphen, BOM…)'

/**
 * The first character of `text` that is {@link isInvisibleCharacter} but not white space (which an
 * email's own shape refuses, `"a b@c"` is no email), as `U+001B`, or `null`: what
 * {@link EMAIL_CHARACTERS_RULE} refuses.
 */
export function invisibleCharacterIn(text: string): string | null {
  for (const char of text) {
    // BOM is white space to `trim` and to `\s`: refused here all the same, as an invisible one.
    if (isInvisibleCharacter(char) && (char === '\ufeff' || char.trim() !== '')) {
      return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
    }
  }
  return null
}

/**
 * A dismissal's or a decision's `reason` as it is kept: `reason` when it shows something, else
 * `undefined`: a reason that {@link isBlankText} calls blank (`"   "`, `"\u200b\u202e"`, `"\u001b"`) is
 * no reason, at every door (the settle body, a `useChat` tool error, AG-UI, the CLI's `--reason`,
 * code), so nothing of it is stored or appended to the tool error the model reads. A reason that
 * shows something is returned as given; the settle door keeps it trimmed (docs/chat/turns.md).
 */
export function givenReason(reason: string | undefined): string | undefined {
  return reason === undefined || isBlankText(reason) ? undefined : reason
}
