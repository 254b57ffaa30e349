import { terminalText } from './terminal-text.ts'

/**
 * `line` made safe to print to a server's log (a terminal, a log viewer): a question, prompt, name
 * or error message from a model or a user could carry `\r` and escape sequences that overwrite
 * what came before (`Line1\r\u001b[2K…`), bidi controls that reorder it, or a line break that
 * starts a forged entry. Control and bidi control characters become `?` by `terminalText`, the
 * rule `frogbot pending` shows them by, and a line break is written `\n` unless indentation
 * follows it (the frames of a stack, the list of a config's problems), so every entry starts on
 * a line of its own and nothing else does.
 */
export function logSafe(line: string): string {
  return terminalText(String(line)).replace(/\n(?=[^ \t\n])/g, '\\n')
}

/** `log` with every line made {@link logSafe} first: the one place FrogBot's log goes through. */
export function safeLogger(log: (line: string) => void): (line: string) => void {
  return (line) => log(logSafe(line))
}
