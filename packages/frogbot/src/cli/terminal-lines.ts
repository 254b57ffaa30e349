import { terminalText } from '../text/terminal-text.ts'

/**
 * Prints a line of the CLI's output that may hold stored text (an email, a user's or a token's
 * name, a chat's title) to stdout, through `terminalText`: a control or bidi control character
 * shows as `?`, so a name cannot clear the screen or recolour the list (docs/project/guarantees.md).
 */
export function printLine(line: string): void {
  console.log(terminalText(line))
}

/** {@link printLine} for stderr: a refusal or a hint that may quote stored text. */
export function printProblem(line: string): void {
  console.error(terminalText(line))
}

/**
 * A stored name (a user's, a token's) as one field of a list row: its line breaks shown as spaces,
 * so a name cannot start a forged row; control characters are left to {@link printLine}.
 */
export function rowField(text: string): string {
  return text.replace(/\r?\n/g, ' ')
}
