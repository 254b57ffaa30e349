import { commandReply, type ReplyReader } from 'frogbot/channels'
import { COMMANDS } from './question-comments.ts'

const FENCE = /^\s*(`{3,}|~{3,})\s*$/

/**
 * Where a command starts in a comment: after the lines GitHub's "Quote reply" puts first (`>`)
 * and blank lines, with a command written as code unwrapped (a code span around the first line,
 * or a fenced block around it all). Anything else stays as written: the first token decides.
 */
export function commandText(body: string): string {
  const lines = body.split(/\r\n?|\n/)
  let start = 0
  while (start < lines.length && (lines[start].trim() === '' || /^\s*>/.test(lines[start]))) start += 1
  let rest = lines.slice(start)
  const fence = rest.length > 0 ? FENCE.exec(rest[0]) : null
  if (fence) {
    const close = rest.findIndex((line, index) => index > 0 && line.trim() === fence[1])
    rest = rest.slice(1, close > 0 ? close : undefined)
  }
  if (rest.length > 0) rest[0] = rest[0].replace(/^\s*`([^`]+)`\s*$/, '$1')
  return rest.join('\n')
}

const commands = commandReply(COMMANDS)

/**
 * How a comment in a thread is read as an answer to a waiting question (FrogBot's GitHub
 * grammar): only a comment whose first token is `/answer` or `/dismiss`, in any letter case (see
 * {@link commandText}), so ordinary discussion is never taken for an answer; what follows
 * `/answer` is read with FrogBot's numbered-answer grammar: option numbers or labels as written,
 * several separated by commas, own words with or without straight or curly quotes, a line per
 * question when the call has several; `/dismiss` with an optional reason. A command for a
 * question that ended is told who settled it.
 */
export const githubReply: ReplyReader = (reply) => commands({ ...reply, text: commandText(reply.text) })
