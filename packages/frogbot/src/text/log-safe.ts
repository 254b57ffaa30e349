/**
 * Control characters but tab and line feed (C0, so CR, ESC, BEL, NUL; DEL; C1) and the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): what, printed to
 * a terminal, moves the cursor, erases or recolours a line, retitles the window or reorders text.
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/**
 * `line` made safe to print to a server's log (a terminal, a log viewer): a question, prompt, name
 * or error message from a model or a user could carry `\r` and escape sequences that overwrite
 * what came before (`Line1\r\u001b[2K…`) or a line break that starts a forged entry. Each
 * {@link CONTROL} character becomes `?` (as `frogbot pending` shows them), and a line break is
 * written `\n` unless indentation follows it (the frames of a stack, the list of a config's
 * problems), so every entry starts on a line of its own and nothing else does.
 */
export function logSafe(line: string): string {
  return String(line).replace(CONTROL, '?').replace(/\n(?=[^ \t\n])/g, '\\n')
}

/** `log` with every line made {@link logSafe} first: the one place FrogBot's log goes through. */
export function safeLogger(log: (line: string) => void): (line: string) => void {
  return (line) => log(logSafe(line))
}
