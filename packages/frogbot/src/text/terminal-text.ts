/**
 * What, printed to a terminal or a log viewer, moves the cursor, erases or recolours a line,
 * retitles the window or reorders text: the control characters but tab and line feed (C0, so CR,
 * ESC, BEL, NUL; DEL; C1), and the bidirectional controls: the marks (U+200E, U+200F, U+061C),
 * embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069), by which a label
 * `"\u202egnp.exe"` shows as `exe.png`.
 */
const TERMINAL_CONTROL = new RegExp(
  '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]',
  'g'
)

/**
 * `text` from a model or a person (a question, an option's label, a reply, a reason, an error that
 * quotes it) made safe to print to a terminal: each {@link TERMINAL_CONTROL} character becomes
 * `?`; line breaks and tabs stay and nothing is cut. The one rule of the CLI's output
 * (`frogbot pending`, `frogbot answer`) and of the server's log (`logSafe`), as
 * docs/project/guarantees.md says.
 */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROL, '?')
}
